/** The engagement calls in one map for server/app.ts: lottery, daily bonus, check-in and score query. */
import type { HandlerMap } from '../contract/register.ts';
import type { Sql } from '../db/sql.ts';
import { bonusHandlers } from '../routes/bonus.ts';
import { checkInHandlers } from '../routes/checkin.ts';
import { lotteryHandlers } from '../routes/lottery.ts';
import { scoreQueryHandlers } from '../routes/score-query.ts';

/** Every engagement query runs on the query builder (either engine). */
export function engagementHandlers(sql: Sql, now: () => number): HandlerMap {
  return {
    ...lotteryHandlers(sql, now),
    ...bonusHandlers(sql, now),
    ...checkInHandlers(sql, now),
    ...scoreQueryHandlers(sql, now),
  };
}
