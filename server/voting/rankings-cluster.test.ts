/**
 * Two server nodes on one PostgreSQL and one Redis: a vote counted on node A moves the player's rank on node B within
 * a second (the rank list and the player's own rank), as both read the contest's ranking from the same Redis sorted
 * set. Runs in the PostgreSQL step (scripts/test-postgres.ts, CLUSTER_SUITES); skipped without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { systemClock } from '../clock.ts';
import { startTwoNodes, type TwoNodes } from '../cluster-test-helpers.ts';
import { connectRedis } from '../shared/redis.ts';
import { redisRankings } from './rankings.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const CONTEST = 9700;
const PLAYERS = 10;

type Envelope<T> = { xcode: number; data: T };

describe.skipIf(!databaseUrl || !redisUrl)('rankings on two nodes', () => {
  let nodes: TwoNodes | undefined;

  beforeAll(async () => {
    nodes = await startTwoNodes({ databaseUrl: databaseUrl as string, redisUrl: redisUrl as string });
  }, 90_000);
  afterAll(async () => {
    await nodes?.stop();
  }, 30_000);

  const call = async <T>(origin: string, url: string, token?: string, body?: object) => {
    const response = await fetch(origin + url, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as Envelope<T>;
  };

  it('a vote on node A moves the player in the rank list and its rank on node B within 1 s', async () => {
    const { a, b, data } = nodes as TwoNodes;
    await data.sql
      .insertInto('contests')
      .values({
        id: CONTEST,
        title: 'rankings on two nodes',
        starts_at: 0,
        ends_at: 4_000_000_000,
        daily_votes_per_user: 0,
        total_votes_per_user: 0,
        votes_per_player_per_day: 0,
      })
      .execute();
    // Ten players tied at 5 votes: the last by number is 10th, one vote makes it 1st.
    const players = await data.sql
      .insertInto('players')
      .values(
        Array.from({ length: PLAYERS }, (_, i) => ({
          contest_id: CONTEST,
          number: i + 1,
          name: `P${i + 1}`,
          votes: 5,
        })),
      )
      .returning('id')
      .execute();
    const last = players[PLAYERS - 1].id;
    await data.sql.insertInto('users').values({ id: 97_000, nickname: 'ranker', created_at: 0 }).execute();
    const token = await startSession(data.sql, 97_000, systemClock(), 86400_000);
    // The ranking built once (either node would build it on its first read).
    const redis = connectRedis(redisUrl as string);
    await redisRankings(data.sql, redis).ready(CONTEST);
    await redis.quit();
    const detailOnB = () =>
      call<{ rank: number; votes: number }>(
        b.origin,
        `/v3/api/vote/user/detail?vote_id=${CONTEST}&player_id=${last}`,
      );
    expect((await detailOnB()).data.rank).toBe(PLAYERS);

    const voted = await call<{ votes: number }>(a.origin, '/v3/api/vote/user/vote', token, {
      vote_id: CONTEST,
      player_id: last,
      idempotency_key: 'rankings-on-two-nodes',
    });
    expect(voted).toMatchObject({ xcode: 200, data: { votes: 6 } });
    const counted = performance.now();
    let rank = 0;
    let first = 0;
    while (performance.now() - counted < 1000) {
      const [detail, page] = await Promise.all([
        detailOnB(),
        call<{ list: { id: number }[] }>(b.origin, `/v3/api/vote/rank?vote_id=${CONTEST}&page=1&page_size=1`),
      ]);
      rank = detail.data.rank;
      first = page.data.list[0].id;
      if (rank === 1 && first === last) break;
    }
    expect(performance.now() - counted).toBeLessThan(1000);
    expect({ rank, first }).toEqual({ rank: 1, first: last });
  }, 60_000);
});
