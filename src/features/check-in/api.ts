/** Check-in calls (schemas/api/engagement.json). */
import type { components } from '../../../schemas/api/types.gen';
import { api } from '../../lib/api';

export type Group = components['schemas']['CheckInGroup'];
export type Activity = components['schemas']['CheckInActivity'];
export type Attendee = components['schemas']['CheckInAttendee'];

export const fetchGroups = (token: string) => api.get('/v2/api/check_in/group', { token });
export const fetchActivities = (token: string, groupId?: number) =>
  api.get('/v2/api/check_in/activity/list', { token, group_id: groupId }, { quiet: true });
export const fetchMine = (token: string) =>
  api.get('/v2/api/check_in/activity/list', { token, mine: 1 }, { login: true });
export const recordCheckIn = (input: {
  activity_id: number;
  latitude?: number;
  longitude?: number;
  attendee_id?: number;
}) => api.post('/v2/api/check_in/record', input, { login: true });
export const searchAttendees = (activityId: number, keyword: string) =>
  api.post('/v2/api/check_in/search', { activity_id: activityId, keyword }, { login: true });
