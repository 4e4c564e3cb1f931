/**
 * Free votes on the query builder, exact under concurrency on either engine: in `npm test` on SQLite, in the
 * PostgreSQL run (scripts/test-postgres.ts) on PostgreSQL, where the concurrent transactions really overlap. The
 * property at the end fires random mixes of viewers, keys and limits through the endpoint's caster (group commit on
 * SQLite, one transaction per vote on PostgreSQL).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Data } from '../db/open.ts';
import { openTestData } from '../db/test-database.ts';
import { ApiFailure } from '../envelope.ts';
import { seedDemo } from '../seed/demo.ts';
import { castVote, voteCaster, type CastResult } from './cast.ts';
import { cstDay, VOTE_XCODE } from './common.ts';

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

describe('free votes, any mix of viewers, keys and limits (property)', () => {
  it('never pass a limit, count each key once, refuse only at a limit, and totals equal the records', async () => {
    const viewers = await users(3, 4000);
    const cast = voteCaster(data.sql);
    const DAY = 86_400_000;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          daily: fc.integer({ min: 0, max: 4 }),
          total: fc.integer({ min: 0, max: 6 }),
          perPlayer: fc.integer({ min: 0, max: 3 }),
          players: fc.integer({ min: 1, max: 3 }),
          casts: fc.array(fc.record({ viewer: fc.nat(2), key: fc.nat(5), day: fc.nat(1) }), {
            minLength: 1,
            maxLength: 30,
          }),
        }),
        async ({ daily, total, perPlayer, players: playerCount, casts }) => {
          const { id, players } = await contest({ daily, total, perPlayer }, playerCount);
          // A key always names the same player; the same key again (also the next day) is a retry. Keys are a viewer's
          // for good: each contest has its own.
          const inputOf = (vote: (typeof casts)[number]) => ({
            userId: viewers[vote.viewer],
            contestId: id,
            playerId: players[vote.key % players.length],
            key: `p-${id}-${vote.key}`,
            nowMs: NOW + vote.day * DAY,
          });
          const answers: { vote: (typeof casts)[number]; outcome: PromiseSettledResult<CastResult> }[] = [];
          for (const day of [0, 1]) {
            const ofDay = casts.filter((vote) => vote.day === day);
            const outcomes = await Promise.allSettled(ofDay.map((vote) => cast(inputOf(vote))));
            outcomes.forEach((outcome, index) => answers.push({ vote: ofDay[index], outcome }));
          }

          const records = await data.sql
            .selectFrom('vote_records')
            .select(['user_id', 'player_id', 'day', 'idempotency_key'])
            .where('contest_id', '=', id)
            .execute();
          const count = (match: (record: (typeof records)[number]) => boolean) =>
            records.filter(match).length;
          const days = [...new Set(records.map((record) => record.day))];
          for (const userId of viewers) {
            if (total > 0) expect(count((record) => record.user_id === userId)).toBeLessThanOrEqual(total);
            for (const day of days) {
              if (daily > 0)
                expect(count((r) => r.user_id === userId && r.day === day)).toBeLessThanOrEqual(daily);
              if (perPlayer > 0)
                for (const playerId of players)
                  expect(
                    count((r) => r.user_id === userId && r.day === day && r.player_id === playerId),
                  ).toBeLessThanOrEqual(perPlayer);
            }
          }
          // Each key of a viewer counted at most once, answered as counted exactly once, then as repeats.
          const keys = new Set(records.map((record) => `${record.user_id}:${record.idempotency_key}`));
          expect(keys.size).toBe(records.length);
          for (const key of keys) {
            const counted = answers.filter(
              ({ vote, outcome }) =>
                `${viewers[vote.viewer]}:${inputOf(vote).key}` === key &&
                outcome.status === 'fulfilled' &&
                !outcome.value.repeated,
            );
            expect(counted).toHaveLength(1);
          }
          const countedAnswers = answers.filter(
            ({ outcome }) => outcome.status === 'fulfilled' && !outcome.value.repeated,
          );
          expect(countedAnswers).toHaveLength(records.length);
          // A refusal is a limit really reached (the counters only grow, so it still is).
          for (const { vote, outcome } of answers) {
            if (outcome.status === 'fulfilled') continue;
            const error: unknown = outcome.reason;
            if (!(error instanceof ApiFailure)) throw error;
            const userId = viewers[vote.viewer];
            const { playerId, nowMs } = inputOf(vote);
            const day = cstDay(nowMs);
            if (error.xcode === VOTE_XCODE.dailyLimit)
              expect(count((r) => r.user_id === userId && r.day === day)).toBe(daily);
            else if (error.xcode === VOTE_XCODE.contestLimit)
              expect(count((r) => r.user_id === userId)).toBe(total);
            else if (error.xcode === VOTE_XCODE.playerDailyLimit)
              expect(count((r) => r.user_id === userId && r.day === day && r.player_id === playerId)).toBe(
                perPlayer,
              );
            else throw error;
          }
          expect(await sums(id)).toEqual({ players: records.length, records: records.length });
          const counters = await data.sql
            .selectFrom('vote_user_days')
            .select((eb) => eb.fn.sum<string | number>('votes').as('n'))
            .where('contest_id', '=', id)
            .executeTakeFirstOrThrow();
          const playerDays = await data.sql
            .selectFrom('vote_player_days')
            .select((eb) => eb.fn.sum<string | number>('votes').as('n'))
            .where('contest_id', '=', id)
            .executeTakeFirstOrThrow();
          expect(Number(counters.n ?? 0)).toBe(records.length);
          expect(Number(playerDays.n ?? 0)).toBe(records.length);
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});
