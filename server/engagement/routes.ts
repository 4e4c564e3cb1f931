/** The engagement calls in one map for server/app.ts: lottery, daily bonus, check-in and score query. */
import type { HandlerMap } from '../contract/register.ts';
import type { Sql } from '../db/sql.ts';
import { bonusHandlers } from './bonus-routes.ts';
import { checkInHandlers } from './checkin-routes.ts';
import { lotteryHandlers } from './lottery-routes.ts';
import { scoreQueryHandlers } from './score-routes.ts';

/** Every engagement query runs on the query builder (either engine). */
export function engagementHandlers(sql: Sql, now: () => number): HandlerMap {
  return {
    ...lotteryHandlers(sql, now),
    ...bonusHandlers(sql, now),
    ...checkInHandlers(sql, now),
    ...scoreQueryHandlers(sql, now),
  };
}
