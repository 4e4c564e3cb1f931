/** The engagement calls in one map for server/app.ts: lottery, daily bonus, check-in and score query. */
import type { HandlerMap } from '../contract/register.ts';
import { bonusHandlers } from './bonus-routes.ts';
import { checkInHandlers } from './checkin-routes.ts';
import { lotteryHandlers } from './lottery-routes.ts';
import { scoreQueryHandlers } from './score-routes.ts';
import type { Services } from '../services.ts';

/** Every engagement query runs on the query builder (either engine). */
export function engagementHandlers(services: Pick<Services, 'sql' | 'now' | 'shared'>): HandlerMap {
  return {
    ...lotteryHandlers(services),
    ...bonusHandlers(services),
    ...checkInHandlers(services),
    ...scoreQueryHandlers(services),
  };
}
