/**
 * Free votes on the query builder, exact under concurrency on either engine: in `npm test` on SQLite, in the
 * PostgreSQL run (scripts/test-postgres.ts) on PostgreSQL, where the concurrent transactions really overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Data } from '../db/open.ts';
import { openTestData } from '../db/test-database.ts';
import { seedDemo } from '../seed/demo.ts';
import { castVote, type CastResult } from './cast.ts';

let data: Data;
const NOW = Date.UTC(2026, 5, 1, 4);
let nextContest = 500;

beforeAll(async () => {
  data = await openTestData(seedDemo);
}, 60_000);
afterAll(() => data.close());

async function contest(limits: { daily: number; total: number; perPlayer: number }, players = 3) {
  const id = nextContest++;
  await data.sql
    .insertInto('contests')
    .values({
      id,
      title: `concurrency ${id}`,
      starts_at: 0,
      ends_at: 4_000_000_000,
      daily_votes_per_user: limits.daily,
      total_votes_per_user: limits.total,
      votes_per_player_per_day: limits.perPlayer,
    })
    .execute();
  const rows = await data.sql
    .insertInto('players')
    .values(
      Array.from({ length: players }, (_, index) => ({
        contest_id: id,
        number: index + 1,
        name: `p${index}`,
      })),
    )
    .returning('id')
    .execute();
  return { id, players: rows.map((row) => row.id) };
}

async function users(count: number, base: number): Promise<number[]> {
  const rows = await data.sql
    .insertInto('users')
    .values(Array.from({ length: count }, (_, index) => ({ nickname: `v${base + index}`, created_at: 0 })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

async function sums(contestId: number) {
  const players = await data.sql
    .selectFrom('players')
    .select((eb) => eb.fn.sum<number>('votes').as('n'))
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow();
  const records = await data.sql
    .selectFrom('vote_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow();
  return { players: Number(players.n), records: Number(records.n) };
}

const settle = (promises: Promise<CastResult>[]) => Promise.allSettled(promises);

describe('free votes under concurrency', () => {
  it('500 concurrent votes from 50 viewers with 5 a day count exactly 250, equal to the records', async () => {
    const { id, players } = await contest({ daily: 5, total: 0, perPlayer: 0 });
    const viewers = await users(50, 1000);
    const outcomes = await settle(
      Array.from({ length: 500 }, (_, n) =>
        castVote(data.sql, {
          userId: viewers[n % 50],
          contestId: id,
          playerId: players[n % players.length],
          key: `c-${n}`,
          nowMs: NOW,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(250);
    expect(await sums(id)).toEqual({ players: 250, records: 250 });
  }, 60_000);

  it('holds the contest total and the per-player day limit across days and players', async () => {
    const { id, players } = await contest({ daily: 0, total: 7, perPlayer: 2 });
    const [viewer] = await users(1, 2000);
    const day = (offset: number) =>
      settle(
        Array.from({ length: 20 }, (_, n) =>
          castVote(data.sql, {
            userId: viewer,
            contestId: id,
            playerId: players[n % players.length],
            key: `t-${offset}-${n}`,
            nowMs: NOW + offset * 86_400_000,
          }),
        ),
      );
    const outcomes = [...(await day(0)), ...(await day(1))];
    // 3 players x 2 a day on day one (6), then one more on day two: the total of 7 stops the rest.
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(7);
    expect(await sums(id)).toEqual({ players: 7, records: 7 });
  }, 60_000);

  it('counts a key once when the same vote arrives many times at once', async () => {
    const { id, players } = await contest({ daily: 5, total: 0, perPlayer: 0 });
    const [viewer] = await users(1, 3000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        castVote(data.sql, {
          userId: viewer,
          contestId: id,
          playerId: players[0],
          key: 'same-key',
          nowMs: NOW,
        }),
      ),
    );
    expect(results.filter((result) => !result.repeated)).toHaveLength(1);
    expect(results.every((result) => result.votes === 1)).toBe(true);
    expect(await sums(id)).toEqual({ players: 1, records: 1 });
  }, 60_000);
});
