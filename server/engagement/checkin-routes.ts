/** Check-in calls (schemas/api/engagement.json): groups, activities, one activity, staff search, record. */
import { findViewer, needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ok } from '../envelope.ts';
import { activityDetail, activityList, checkInGroups, recordCheckIn, searchAttendees } from './checkin.ts';
import type { Services } from '../services.ts';

export function checkInHandlers(services: Pick<Services, 'sql' | 'now'>): HandlerMap {
  const { sql, now } = services;
  const seconds = () => Math.floor(now() / 1000);
  return {
    async checkInGroups(request) {
      return ok(await checkInGroups(sql, request.query.token));
    },
    async checkInActivities(request) {
      const { query } = request;
      const viewer =
        query.mine === 1 ? await needViewer(sql, request, now()) : await findViewer(sql, request, now());
      return ok(
        await activityList(
          sql,
          { token: query.token, group_id: query.group_id, mine: query.mine === 1 },
          viewer?.userId ?? null,
          seconds(),
        ),
      );
    },
    async checkInActivity(request) {
      const viewer = await findViewer(sql, request, now());
      const { activity_id } = request.query;
      return ok(await activityDetail(sql, activity_id, viewer?.userId ?? null, seconds()));
    },
    async checkInSearch(request) {
      const { userId } = await needViewer(sql, request, now());
      const { activity_id, keyword } = request.body;
      return ok(await searchAttendees(sql, userId, activity_id, keyword));
    },
    async checkInRecord(request) {
      const { userId } = await needViewer(sql, request, now());
      return ok(await recordCheckIn(sql, userId, request.body, seconds()));
    },
  };
}
