/**
 * The engagement calls in one map for server/app.ts: lottery, daily bonus, check-in, score query, and the list of an
 * event's activities.
 */
import { findViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ok } from '../envelope.ts';
import { loadEvent } from '../events/routes.ts';
import { eventActivities } from './activities.ts';
import { bonusHandlers } from './bonus-routes.ts';
import { checkInHandlers } from './checkin-routes.ts';
import { lotteryHandlers } from './lottery-routes.ts';
import { scoreQueryHandlers } from './score-routes.ts';
import type { Services } from '../services.ts';

/** Every engagement query runs on the query builder (either engine). */
export function engagementHandlers(
  services: Pick<Services, 'sql' | 'now' | 'shared' | 'events'>,
): HandlerMap {
  const { sql, now, events } = services;
  return {
    async eventActivities(request) {
      const event = await loadEvent(events, request.query.token);
      const viewer = await findViewer(sql, request, now());
      return ok(await eventActivities(sql, event, viewer?.userId ?? null, Math.floor(now() / 1000)));
    },
    ...lotteryHandlers(services),
    ...bonusHandlers(services),
    ...checkInHandlers(services),
    ...scoreQueryHandlers(services),
  };
}
