/**
 * A contest of very many players made in one statement, for benches and the rankings' tests: numbers 1..count, names
 * `P<number>`, votes spread over 0..1008 by a fixed formula (about count/1009 players tie at each count, so the tie
 * order matters on every page). A million rows take seconds: a recursive CTE on SQLite, generate_series on PostgreSQL.
 */
import { sql as raw } from 'kysely';
import { engineOf } from '../db/engine.ts';
import type { Sql } from '../db/sql.ts';

/** The votes the n-th player starts with (the statement's own formula, for tests that predict the order). */
export const bulkVotes = (number: number): number => (number * 7919) % 1009;

export async function bulkPlayers(sql: Sql, contestId: number, count: number): Promise<void> {
  if (engineOf(sql) === 'postgres')
    await raw`INSERT INTO players (contest_id, number, name, votes)
      SELECT ${contestId}, n, 'P' || n, (n::bigint * 7919) % 1009 FROM generate_series(1, ${count}::integer) AS n`.execute(
      sql,
    );
  else
    await raw`WITH RECURSIVE series(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM series WHERE n < ${count})
      INSERT INTO players (contest_id, number, name, votes)
      SELECT ${contestId}, n, 'P' || n, (n * 7919) % 1009 FROM series`.execute(sql);
}
