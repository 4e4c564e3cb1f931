/**
 * The rankings kept as votes land (server/voting/rankings.ts): their order equals a full sort of the players after
 * concurrent votes, by page number, by cursor and player by player; a missing ranking is rebuilt from the players'
 * totals; any page of a million-player contest is answered. On SQLite the ranking lives in the process; in the
 * PostgreSQL run (TEST_DATABASE_URL with TEST_REDIS_URL) it is the Redis sorted set several nodes share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { sessionRow } from '../accounts/sessions';
import { systemClock } from '../clock';
import { bulkPlayers, bulkVotes } from '../seed/bulk-players';
import { prng } from '../seed/epoch';
import { compareRank, RankList, type RankedPlayer } from './rank-list';

type App = Awaited<ReturnType<typeof buildServer>>;
type RankRow = { id: number; number: number; votes: number; rank: number };
type RankAnswer = {
  xcode: number;
  data: { list: RankRow[]; total: number; has_more: boolean; next_cursor: string | null };
};

const byRank = (a: RankedPlayer, b: RankedPlayer) => compareRank(a, b) || a.id - b.id;

describe('RankList', () => {
  it('keeps the order of a full sort through random raises and new players', () => {
    const random = prng(11);
    const players: RankedPlayer[] = Array.from({ length: 3000 }, (_, i) => ({
      id: i + 1,
      number: i + 1,
      votes: Math.floor(random() * 20),
    }));
    const list = RankList.from([...players].sort(byRank));
    for (let step = 0; step < 20_000; step++) {
      if (step % 100 === 0) {
        const added = { id: players.length + 1, number: players.length + 1, votes: 0 };
        players.push(added);
        list.place(added);
      }
      const player = players[Math.floor(random() * players.length)];
      // A late count (lower than known) must change nothing.
      if (step % 7 === 0) list.place({ ...player, votes: Math.max(0, player.votes - 3) });
      player.votes += 1 + Math.floor(random() * 3);
      list.place(player);
    }
    const sorted = [...players].sort(byRank);
    expect(list.size).toBe(sorted.length);
    expect(list.slice(0, sorted.length)).toEqual(sorted);
    for (let i = 0; i < sorted.length; i += 97) {
      expect(list.positionOf(sorted[i])).toBe(i);
      expect(list.slice(i, 3)).toEqual(sorted.slice(i, i + 3));
    }
  });
});

describe('rankings on the server', () => {
  let app: App;
  const tokens: string[] = [];
  // Contest ids of this file alone (the Redis of the PostgreSQL run is shared with other suites).
  let nextContest = 7100 + Math.floor(Math.random() * 800) * 10;

  const get = async (url: string) => (await app.inject({ method: 'GET', url })).json();
  const rankPage = (contest: number, query: string): Promise<RankAnswer> =>
    get(`/v3/api/vote/rank?vote_id=${contest}&${query}`);

  async function makeContest(players: number): Promise<number> {
    const id = nextContest++;
    await app.sql
      .insertInto('contests')
      .values({
        id,
        title: `rankings ${id}`,
        starts_at: 0,
        ends_at: 4_000_000_000,
        daily_votes_per_user: 0,
        total_votes_per_user: 0,
        votes_per_player_per_day: 0,
      })
      .execute();
    await bulkPlayers(app.sql, id, players);
    await app.services.rankings.forget(id);
    return id;
  }

  /** The contest's players in rank order, from a full sort of the table. */
  async function fullSort(contest: number): Promise<RankedPlayer[]> {
    const rows = await app.sql
      .selectFrom('players')
      .select(['id', 'number', 'votes'])
      .where('contest_id', '=', contest)
      .where('status', '=', 1)
      .execute();
    return rows.map((row) => ({ id: row.id, number: row.number, votes: row.votes })).sort(byRank);
  }

  async function castConcurrently(contest: number, count: number, seed: number) {
    const players = (await fullSort(contest)).map((player) => player.id);
    const random = prng(seed);
    const answers = await Promise.all(
      Array.from({ length: count }, (_, n) =>
        app.inject({
          method: 'POST',
          url: '/v3/api/vote/user/vote',
          headers: { authorization: `Bearer ${tokens[n % tokens.length]}` },
          payload: {
            vote_id: contest,
            player_id: players[Math.floor(random() * random() * players.length)],
            idempotency_key: `rank-${contest}-${seed}-${n}`,
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.json().xcode)).toEqual(answers.map(() => 200));
  }

  /** Every page by number, then every page by cursor: both the full sort, ranks 1..n. */
  async function expectRanksOfFullSort(contest: number, pageSize: number) {
    const expected = (await fullSort(contest)).map((player, index) => ({ ...player, rank: index + 1 }));
    const byNumber: RankRow[] = [];
    for (let page = 1; ; page++) {
      const answer = await rankPage(contest, `page=${page}&page_size=${pageSize}`);
      expect(answer.data.total).toBe(expected.length);
      byNumber.push(...answer.data.list);
      if (!answer.data.has_more) break;
    }
    const byCursor: RankRow[] = [];
    let cursor: string | null = null;
    do {
      const answer: RankAnswer = await rankPage(
        contest,
        `page_size=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      byCursor.push(...answer.data.list);
      cursor = answer.data.next_cursor;
    } while (cursor);
    const pick = (rows: RankRow[]) =>
      rows.map(({ id, number, votes, rank }) => ({ id, number, votes, rank }));
    expect(pick(byNumber)).toEqual(expected);
    expect(pick(byCursor)).toEqual(expected);
    // Player by player (a sample): the detail's rank and gap to the one above.
    for (let i = 0; i < expected.length; i += Math.ceil(expected.length / 25)) {
      const detail = await get(`/v3/api/vote/user/detail?vote_id=${contest}&player_id=${expected[i].id}`);
      if (!detail.data) throw new Error(JSON.stringify(detail));
      const above = expected[i - 1];
      expect(detail.data.rank).toBe(i + 1);
      expect(detail.data.gap_to_previous).toBe(
        !above || above.votes === expected[i].votes ? 0 : above.votes - expected[i].votes,
      );
    }
  }

  beforeAll(async () => {
    app = await buildServer({
      databasePath: ':memory:',
      mode: 'test',
      redisUrl: process.env.TEST_DATABASE_URL ? process.env.TEST_REDIS_URL : undefined,
    });
    const ids = Array.from({ length: 120 }, (_, n) => 91_000 + n);
    await app.sql
      .insertInto('users')
      .values(ids.map((id) => ({ id, nickname: `rank ${id}`, created_at: 0 })))
      .execute();
    const sessions = ids.map((id) => sessionRow(id, systemClock(), 86400_000));
    await app.sql
      .insertInto('sessions')
      .values(sessions.map((session) => session.row))
      .execute();
    tokens.push(...sessions.map((session) => session.token));
  }, 60_000);
  afterAll(() => app?.close());

  it('equal a full sort after concurrent votes: every page by number and by cursor, each player', async () => {
    const contest = await makeContest(400);
    await app.services.rankings.ready(contest);
    await castConcurrently(contest, 1500, 1);
    await expectRanksOfFullSort(contest, 37);
  }, 120_000);

  it('are rebuilt from the players when missing, votes cast meanwhile included', async () => {
    const contest = await makeContest(250);
    await app.services.rankings.ready(contest);
    await castConcurrently(contest, 300, 2);
    // Redis flushed or a node restarted: the lists come from the index until the ranking is built again.
    await app.services.rankings.forget(contest);
    await castConcurrently(contest, 300, 3);
    await expectRanksOfFullSort(contest, 50);
    await app.services.rankings.ready(contest);
    await castConcurrently(contest, 300, 4);
    await expectRanksOfFullSort(contest, 50);
  }, 120_000);

  // A million players on SQLite; on PostgreSQL and Redis 200,000 in pages of 10 (the same page 20,000, the last),
  // which keeps the PostgreSQL suite near its two minutes on a shared machine.
  const large = process.env.TEST_DATABASE_URL
    ? { players: 200_000, pageSize: 10 }
    : { players: 1_000_000, pageSize: 50 };
  it(`answer page 20,000 of a ${large.players.toLocaleString('en')}-player contest, in the order of a full sort`, async () => {
    const { players, pageSize } = large;
    const contest = await makeContest(players);
    await app.services.rankings.ready(contest);
    const numbers = Array.from({ length: players }, (_, i) => i + 1).sort(
      (a, b) => bulkVotes(b) - bulkVotes(a) || a - b,
    );
    const answer = await rankPage(contest, `page=20000&page_size=${pageSize}`);
    const offset = 19_999 * pageSize;
    expect(answer.data.total).toBe(players);
    expect(answer.data.has_more).toBe(false);
    expect(answer.data.list.map((row) => [row.rank, row.number, row.votes])).toEqual(
      numbers.slice(offset).map((number, i) => [offset + i + 1, number, bulkVotes(number)]),
    );
    // The page after a cursor deep in the list: the next page of the full sort.
    const deep = Math.floor(players * 0.654);
    const at = numbers[deep];
    const next = await rankPage(contest, `page_size=${pageSize}&cursor=${bulkVotes(at)}.${at}`);
    expect(next.data.list.map((row) => [row.rank, row.number])).toEqual(
      numbers.slice(deep + 1, deep + 1 + pageSize).map((number, i) => [deep + 2 + i, number]),
    );
  }, 300_000);
});
