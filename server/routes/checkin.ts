/** Check-in calls (schemas/api/engagement.json): groups, activities, one activity, staff search, record. */
import { findViewer, needViewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { Sql } from '../db/sql.ts';
import { ok } from '../envelope.ts';
import {
  activityDetail,
  activityList,
  checkInGroups,
  recordCheckIn,
  searchAttendees,
  type RecordInput,
} from '../engagement/checkin.ts';

const numeric = (value: unknown) => (value === undefined || value === '' ? undefined : Number(value));

export function checkInHandlers(sql: Sql, now: () => number): HandlerMap {
  const seconds = () => Math.floor(now() / 1000);
  return {
    async checkInGroups(request) {
      return ok(await checkInGroups(sql, (request.query as { token: string }).token));
    },
    async checkInActivities(request) {
      const query = request.query as { token: string; group_id?: number; mine?: number };
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
      const { activity_id } = request.query as { activity_id: number };
      return ok(await activityDetail(sql, activity_id, viewer?.userId ?? null, seconds()));
    },
    async checkInSearch(request) {
      const { userId } = await needViewer(sql, request, now());
      const body = request.body as { activity_id: number; keyword: string };
      return ok(await searchAttendees(sql, userId, Number(body.activity_id), body.keyword));
    },
    async checkInRecord(request) {
      const { userId } = await needViewer(sql, request, now());
      const body = request.body as Record<keyof RecordInput, unknown>;
      const input: RecordInput = {
        activity_id: Number(body.activity_id),
        latitude: numeric(body.latitude),
        longitude: numeric(body.longitude),
        attendee_id: numeric(body.attendee_id),
      };
      return ok(await recordCheckIn(sql, userId, input, seconds()));
    },
  };
}
