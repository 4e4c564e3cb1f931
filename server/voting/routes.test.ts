import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../schemas/api/types.gen.ts';
import { buildServer } from '../app';
import { isPostgresUrl } from '../db/open';
import { sessionRow } from '../accounts/sessions';
import { castVotes } from './cast';
import { reviewSignUp } from './signup';
import type { Order } from '../wechat/orders';
import { emulatorPay } from '../wechat/emulator';

type App = Awaited<ReturnType<typeof buildServer>>;
type S = components['schemas'];

/** 2026-06-01 12:00 China Standard Time. */
const NOON = Date.UTC(2026, 5, 1, 4);
const DAY = 86400_000;
const SEED_EPOCH = 1767225600;

let app: App;
const onPostgres = isPostgresUrl(process.env.TEST_DATABASE_URL);
let clock = NOON;
const tokens = new Map<number, string>();

/** Test users live from id 5000 on (the demo seed owns the low ids); made with their sessions before the tests. */
const USER_BASE = 5000;
const USERS = [...Array.from({ length: 80 }, (_, n) => n), ...Array.from({ length: 50 }, (_, n) => 1000 + n)];
function user(n: number): Record<string, string> {
  const token = tokens.get(USER_BASE + n);
  if (!token) throw new Error(`user ${n} is not made in beforeAll (USERS)`);
  return { authorization: `Bearer ${token}` };
}

async function get(url: string, headers: Record<string, string> = {}) {
  return (await app.inject({ method: 'GET', url, headers })).json();
}
async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return (await app.inject({ method: 'POST', url, payload, headers })).json();
}

let keySeq = 0;
const key = () => `key-${++keySeq}-${'x'.repeat(8)}`;
const vote = (headers: Record<string, string>, voteId: number, playerId: number, idempotencyKey = key()) =>
  post(
    '/v3/api/vote/user/vote',
    { vote_id: voteId, player_id: playerId, idempotency_key: idempotencyKey },
    headers,
  );

/** A contest of the test's own, with players, limits and times relative to NOON. */
let nextContest = 100;
async function makeContest(options: {
  players?: number;
  daily?: number;
  total?: number;
  perPlayer?: number;
  startsAt?: number;
  endsAt?: number;
  price?: number;
}): Promise<{ id: number; players: number[] }> {
  const id = nextContest++;
  await app.sql
    .insertInto('contests')
    .values({
      id,
      title: `测试 ${id}`,
      starts_at: options.startsAt ?? SEED_EPOCH,
      ends_at: options.endsAt ?? SEED_EPOCH + 10 * 365 * 86400,
      daily_votes_per_user: options.daily ?? 0,
      total_votes_per_user: options.total ?? 0,
      votes_per_player_per_day: options.perPlayer ?? 0,
      vote_price_cents: options.price ?? 100,
    })
    .execute();
  const rows = await app.sql
    .insertInto('players')
    .values(
      Array.from({ length: options.players ?? 3 }, (_, index) => ({
        contest_id: id,
        number: index + 1,
        name: `选手${index + 1}`,
      })),
    )
    .returning('id')
    .execute();
  return { id, players: rows.map((row) => row.id) };
}

const votesOf = async (playerId: number) =>
  (await app.sql.selectFrom('players').select('votes').where('id', '=', playerId).executeTakeFirstOrThrow())
    .votes;
const sumOf = async (table: 'vote_records' | 'players', contestId: number) => {
  const row = await app.sql
    .selectFrom(table)
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>(table === 'players' ? 'votes' : 'count'), eb.lit(0)).as('n'),
    )
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
const recordSum = (contestId: number) => sumOf('vote_records', contestId);
const playerSum = (contestId: number) => sumOf('players', contestId);
const notify = (order: Order) => emulatorPay(app, order.order_sn);
const orderBySn = async (sn: string) =>
  (await app.sql
    .selectFrom('orders')
    .selectAll()
    .where('order_sn', '=', sn)
    .executeTakeFirstOrThrow()) as Order;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
  await app.sql
    .insertInto('users')
    .values(
      USERS.map((n) => ({
        id: USER_BASE + n,
        phone: `139${String(USER_BASE + n).padStart(8, '0')}`,
        openid: `o-test-${USER_BASE + n}`,
        nickname: `用户${USER_BASE + n}`,
        created_at: 0,
      })),
    )
    .execute();
  // Their sessions in one write: the rows a login writes (server/accounts/sessions.ts).
  const sessions = USERS.map((n) => sessionRow(USER_BASE + n, clock, 365 * DAY));
  await app.sql
    .insertInto('sessions')
    .values(sessions.map((session) => session.row))
    .execute();
  sessions.forEach((session) => tokens.set(session.row.user_id, session.token));
}, 60_000);
afterAll(() => app.close());

describe('contest detail', () => {
  it('answers the contest with code 200, the form, totals and no `mine` for an anonymous viewer', async () => {
    const answer = await get('/v3/api/vote/detail?vote_id=2');
    expect(answer).toMatchObject({ xcode: 200, code: 200 });
    expect(answer.data).toMatchObject({ id: 2, status: 1, player_count: 12, total_votes: 175, mine: null });
    expect(answer.data.fields.map((field: S['VoteFormField']) => field.type)).toEqual([
      'text',
      'phone',
      'dropdown',
      'checkbox',
      'images',
      'video',
      'textarea',
    ]);
    expect(answer.data.fields[2].options).toBeUndefined();
  });

  it('tells a logged-in viewer the votes left today and the sign-up state', async () => {
    const answer = await get('/v3/api/vote/detail?vote_id=2', user(1));
    expect(answer.data.mine).toEqual({ votes_today: 0, votes_left_today: 3, votes_total: 0, sign_up: null });
  });

  it('rejects a missing or bad vote_id and an unknown contest', async () => {
    expect((await get('/v3/api/vote/detail')).xcode).toBe(400);
    expect((await get('/v3/api/vote/detail?vote_id=abc')).xcode).toBe(400);
    const missing = await get('/v3/api/vote/detail?vote_id=9999');
    expect(missing).toMatchObject({ xcode: 404, msg: '评选活动不存在' });
    expect(missing.code).toBeUndefined();
    // In the request's locale.
    expect(await get('/v3/api/vote/detail?vote_id=9999&locale=en')).toMatchObject({
      xcode: 404,
      msg: 'No such contest',
    });
  });
});

describe('player lists', () => {
  it('pages the players by number with teams and groups named', async () => {
    const { data } = await get('/v3/api/vote/list?vote_id=1&page=2&page_size=10');
    expect(data).toMatchObject({ total: 320, page: 2, page_size: 10, has_more: true });
    expect(data.list.map((player: S['VotePlayer']) => player.number)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    expect(data.list[0].team_name).toMatch(/队$/);
    const last = await get('/v3/api/vote/list?vote_id=1&page=32&page_size=10');
    expect(last.data.has_more).toBe(false);
  });

  it('searches by number (exact) and by name prefix', async () => {
    const byNumber = await get('/v3/api/vote/list?vote_id=1&keyword=123');
    expect(byNumber.data.list.map((player: S['VotePlayer']) => player.number)).toEqual([123]);
    const name = byNumber.data.list[0].name as string;
    const byName = await get(`/v3/api/vote/list?vote_id=1&keyword=${encodeURIComponent(name.slice(0, 1))}`);
    expect(byName.data.total).toBeGreaterThan(1);
    expect(
      byName.data.list.every((player: S['VotePlayer']) => player.name.startsWith(name.slice(0, 1))),
    ).toBe(true);
    const nobody = await get(`/v3/api/vote/list?vote_id=1&keyword=${encodeURIComponent('无此人')}`);
    expect(nobody.data).toMatchObject({ total: 0, list: [] });
  });

  it('filters by team and group and orders by votes with ties by number', async () => {
    const { data } = await get('/v3/api/vote/list?vote_id=1&team_id=2&group_id=3&order=votes&page_size=100');
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((player: S['VotePlayer']) => player.team_id === 2 && player.group_id === 3)).toBe(
      true,
    );
    for (let i = 1; i < data.list.length; i++) {
      const [a, b] = [data.list[i - 1], data.list[i]];
      expect(a.votes > b.votes || (a.votes === b.votes && a.number < b.number)).toBe(true);
    }
  });

  it('rejects bad paging and an unknown order or contest', async () => {
    expect((await get('/v3/api/vote/list?vote_id=1&page_size=101')).xcode).toBe(400);
    expect((await get('/v3/api/vote/list?vote_id=1&page=0')).xcode).toBe(400);
    expect((await get('/v3/api/vote/list?vote_id=1&order=random')).xcode).toBe(400);
    expect((await get('/v3/api/vote/list?vote_id=777')).xcode).toBe(404);
  });

  it('lists teams and groups with counts', async () => {
    const teams = await get('/v2/api/vote/team/list?vote_id=1');
    expect(teams.data.list.map((team: S['VoteTeam']) => team.name)).toEqual(['红队', '蓝队', '金队']);
    expect(teams.data.list.reduce((sum: number, team: S['VoteTeam']) => sum + team.player_count, 0)).toBe(
      320,
    );
    const groups = await get('/v2/api/vote/group/list?vote_id=1');
    expect(groups.data.list).toHaveLength(4);
    expect((await get('/v2/api/vote/team/list')).xcode).toBe(400);
    expect((await get('/v2/api/vote/group/list?vote_id=0')).xcode).toBe(400);
  });
});

describe('player detail, ranks and scores', () => {
  it('gives a player with rank and the gap to the one above', async () => {
    const rank = await get('/v3/api/vote/rank?vote_id=1&page=1&page_size=5');
    const second = rank.data.list[1];
    const { data } = await get(`/v3/api/vote/user/detail?vote_id=1&player_id=${second.id}`);
    expect(data).toMatchObject({
      id: second.id,
      rank: 2,
      gap_to_previous: rank.data.list[0].votes - second.votes,
    });
    expect(data.photos.length).toBeGreaterThan(0);
    expect(data.my_votes_today).toBeNull();
  });

  it('rejects a player of another contest and bad ids', async () => {
    expect((await get('/v3/api/vote/user/detail?vote_id=2&player_id=1')).msg).toBe('选手不存在');
    expect((await get('/v3/api/vote/user/detail?vote_id=1')).xcode).toBe(400);
  });

  it('ranks with a stable tie order, and one vote reorders tied players', async () => {
    const before: S['VoteRankPlayer'][] = (await get('/v3/api/vote/rank?vote_id=2&page_size=20')).data.list;
    expect(before.map((player) => player.rank)).toEqual(before.map((_, index) => index + 1));
    expect(before.slice(2, 4).map((player) => [player.number, player.votes])).toEqual([
      [3, 20],
      [4, 20],
    ]);
    expect((await vote(user(2), 2, before[3].id)).data).toMatchObject({ votes: 21, counted: 1 });
    const after: S['VoteRankPlayer'][] = (await get('/v3/api/vote/rank?vote_id=2&page_size=20')).data.list;
    expect(after.slice(2, 4).map((player) => player.number)).toEqual([4, 3]);
    expect((await get('/v3/api/vote/rank?vote_id=2&page_size=0')).xcode).toBe(400);
    expect((await get('/v3/api/vote/rank?vote_id=404')).xcode).toBe(404);
    const inTeam: S['VoteRankPlayer'][] = (
      await get(`/v3/api/vote/rank?vote_id=2&team_id=${before[0].team_id}`)
    ).data.list;
    expect(inTeam[0]).toMatchObject({ rank: 1 });
    expect(inTeam.every((player) => player.team_id === before[0].team_id)).toBe(true);
  });

  it('ranks teams by the sum of their votes', async () => {
    const { data } = await get('/v3/api/vote/team/rank?vote_id=1');
    expect(data.list.map((team: S['VoteTeamRank']) => team.rank)).toEqual([1, 2, 3]);
    expect(data.list[0].votes).toBeGreaterThanOrEqual(data.list[1].votes);
    expect(data.list.reduce((sum: number, team: S['VoteTeamRank']) => sum + team.votes, 0)).toBe(
      await playerSum(1),
    );
    expect((await get('/v3/api/vote/team/rank?vote_id=x')).xcode).toBe(400);
  });

  it('lists scores (score desc, number asc) and a score sheet that adds up', async () => {
    const list = (await get('/v2/api/vote/user/score/list?vote_id=1&page_size=50')).data;
    expect(list.total).toBe(320);
    for (let i = 1; i < list.list.length; i++) {
      const [a, b] = [list.list[i - 1], list.list[i]];
      expect(a.score > b.score || (a.score === b.score && a.number < b.number)).toBe(true);
    }
    const third = list.list[2];
    const sheet = (await get(`/v2/api/vote/user/score/detail?vote_id=1&player_id=${third.id}`)).data;
    expect(sheet.player).toMatchObject({ id: third.id, rank: 3, score: third.score });
    expect(sheet.items).toHaveLength(3);
    expect(sheet.items.reduce((sum: number, item: S['VoteScoreItem']) => sum + item.score, 0)).toBe(
      third.score,
    );
    expect((await get('/v2/api/vote/user/score/detail?vote_id=1&player_id=99999')).xcode).toBe(404);
    expect((await get('/v2/api/vote/user/score/list?vote_id=1&page_size=0')).xcode).toBe(400);
  });
});

describe('casting free votes', () => {
  it('needs a login and a valid key', async () => {
    expect(
      (await post('/v3/api/vote/user/vote', { vote_id: 2, player_id: 321, idempotency_key: key() })).xcode,
    ).toBe(401);
    expect((await vote(user(3), 2, 321, 'short')).xcode).toBe(400);
    expect((await vote(user(3), 2, 321, 'has spaces in it')).xcode).toBe(400);
    expect(
      (await post('/v3/api/vote/user/vote', { vote_id: 2, idempotency_key: key() }, user(3))).xcode,
    ).toBe(400);
    expect((await vote(user(3), 2, 1)).msg).toBe('选手不存在');
  });

  it('stops at the daily limit with a clear message and opens again the next day', async () => {
    const headers = user(10);
    for (let i = 1; i <= 3; i++)
      expect((await vote(headers, 2, 330)).data).toMatchObject({ votes_today: i, votes_left_today: 3 - i });
    const fourth = await vote(headers, 2, 330);
    expect(fourth).toMatchObject({
      xcode: 40303,
      msg: '今日投票次数已用完（每天 3 票），明天再来吧',
      data: null,
    });
    clock = NOON + DAY;
    try {
      expect((await vote(headers, 2, 330)).data).toMatchObject({ votes_today: 1, votes_total: 4 });
    } finally {
      clock = NOON;
    }
  });

  it('enforces the per-contest and per-player limits of the contest row', async () => {
    const contest = await makeContest({ total: 2, perPlayer: 1 });
    const headers = user(11);
    expect((await vote(headers, contest.id, contest.players[0])).xcode).toBe(200);
    expect(await vote(headers, contest.id, contest.players[0])).toMatchObject({
      xcode: 40305,
      msg: '今天已为该选手投过 1 票，明天再来或为其他选手投票吧',
    });
    // English counts it: one vote, not "1 votes" (the app words it itself, with i18next plurals).
    const english = await post(
      '/v3/api/vote/user/vote?locale=en',
      { vote_id: contest.id, player_id: contest.players[0], idempotency_key: key() },
      headers,
    );
    expect(english.msg).toBe(
      'You have given this player 1 vote today; come back tomorrow or vote for another player',
    );
    expect((await vote(headers, contest.id, contest.players[1])).xcode).toBe(200);
    expect(await vote(headers, contest.id, contest.players[2])).toMatchObject({
      xcode: 40304,
      msg: '您在本次评选的投票次数已用完（共 2 票）',
    });
  });

  it('refuses votes before the start and after the end', async () => {
    const early = await makeContest({ startsAt: NOON / 1000 + 3600 });
    expect(await vote(user(12), early.id, early.players[0])).toMatchObject({
      xcode: 40301,
      msg: '评选尚未开始，请在开始后再来投票',
    });
    const over = await makeContest({ endsAt: NOON / 1000 - 1 });
    expect(await vote(user(12), over.id, over.players[0])).toMatchObject({
      xcode: 40302,
      msg: '评选已结束，感谢您的参与',
    });
    expect((await get(`/v3/api/vote/detail?vote_id=${over.id}`)).data.status).toBe(2);
  });

  it('counts a repeated idempotency key once and answers the first result', async () => {
    const contest = await makeContest({});
    const headers = user(13);
    const same = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => vote(headers, contest.id, contest.players[0], same)),
    );
    expect(answers.every((answer) => answer.xcode === 200 && answer.data.votes === 1)).toBe(true);
    expect(answers.filter((answer) => !answer.data.repeated)).toHaveLength(1);
    expect(await votesOf(contest.players[0])).toBe(1);
    expect(await recordSum(contest.id)).toBe(1);
    // The same key for another player is a client bug, not a second vote.
    expect((await vote(headers, contest.id, contest.players[1], same)).xcode).toBe(400);
    // Another user may use the same key string.
    expect((await vote(user(14), contest.id, contest.players[0], same)).data).toMatchObject({
      votes: 2,
      repeated: false,
    });
  });

  // On PostgreSQL server/voting/cast.test.ts runs the same 500 votes on the same caster, without HTTP.
  it.skipIf(onPostgres)(
    '500 concurrent votes from 50 users with 5 per user per day count exactly 250, equal to the records',
    async () => {
      const contest = await makeContest({ players: 7, daily: 5 });
      const users = Array.from({ length: 50 }, (_, index) => user(1000 + index));
      const answers = await Promise.all(
        Array.from({ length: 500 }, (_, index) =>
          vote(users[index % 50], contest.id, contest.players[index % contest.players.length]),
        ),
      );
      expect(answers.filter((answer) => answer.xcode === 200)).toHaveLength(250);
      expect(answers.filter((answer) => answer.xcode === 40303)).toHaveLength(250);
      expect(await playerSum(contest.id)).toBe(250);
      expect(await recordSum(contest.id)).toBe(250);
      const perUser = await app.sql
        .selectFrom('vote_records')
        .select((eb) => ['user_id', eb.fn.sum<number>('count').as('n')])
        .where('contest_id', '=', contest.id)
        .groupBy('user_id')
        .execute();
      expect(perUser).toHaveLength(50);
      expect(perUser.every((row) => Number(row.n) === 5)).toBe(true);
      const detail = await get(`/v3/api/vote/detail?vote_id=${contest.id}`);
      expect(detail.data.total_votes).toBe(250);
    },
  );
});

describe('hidden players', () => {
  it('leaves a hidden player out of lists, ranks, totals and detail', async () => {
    const contest = await makeContest({ players: 4 });
    await app.sql
      .updateTable('players')
      .set((eb) => ({ votes: eb(eb.val(10), '-', eb.ref('number')) }))
      .where('contest_id', '=', contest.id)
      .execute();
    await app.sql.updateTable('players').set({ status: 0 }).where('id', '=', contest.players[0]).execute();
    const list = (await get(`/v3/api/vote/list?vote_id=${contest.id}`)).data;
    expect(list.total).toBe(3);
    expect(list.list.map((player: S['VotePlayer']) => player.number)).toEqual([2, 3, 4]);
    const rank = (await get(`/v3/api/vote/rank?vote_id=${contest.id}`)).data.list;
    expect(rank.map((player: S['VoteRankPlayer']) => [player.number, player.rank])).toEqual([
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
    expect((await get(`/v3/api/vote/detail?vote_id=${contest.id}`)).data).toMatchObject({
      player_count: 3,
      total_votes: 8 + 7 + 6,
    });
    const second = (
      await get(`/v3/api/vote/user/detail?vote_id=${contest.id}&player_id=${contest.players[1]}`)
    ).data;
    expect(second).toMatchObject({ rank: 1, gap_to_previous: 0 });
    expect(
      (await get(`/v3/api/vote/user/detail?vote_id=${contest.id}&player_id=${contest.players[0]}`)).xcode,
    ).toBe(404);
    expect((await vote(user(72), contest.id, contest.players[0])).xcode).toBe(404);
  });
});

// SQLite's group commit (PostgreSQL runs one transaction per vote: server/voting/cast.test.ts).
describe.skipIf(onPostgres)('group commit', () => {
  it('commits the votes that pass and refuses the rest in one batch', async () => {
    const contest = await makeContest({ daily: 1 });
    user(70);
    const input = (k: string) => ({
      userId: USER_BASE + 70,
      contestId: contest.id,
      playerId: contest.players[0],
      key: k,
      nowMs: clock,
    });
    const outcomes = await castVotes(app.sql, [
      input('batch-a-0001'),
      input('batch-b-0001'),
      input('batch-a-0001'),
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true]);
    expect(outcomes[2]).toMatchObject({ result: { repeated: true, votes: 1 } });
    expect(await votesOf(contest.players[0])).toBe(1);
  });

  it('rolls the whole batch back when a write fails, so nothing of it counts', async () => {
    const contest = await makeContest({});
    user(71);
    await sql`CREATE TRIGGER boom BEFORE INSERT ON vote_records WHEN NEW.idempotency_key = 'boom-0001'
              BEGIN SELECT RAISE(ABORT, 'disk trouble'); END`.execute(app.sql);
    const input = (k: string, player: number) => ({
      userId: USER_BASE + 71,
      contestId: contest.id,
      playerId: contest.players[player],
      key: k,
      nowMs: clock,
    });
    try {
      const outcomes = await castVotes(app.sql, [
        input('fine-0001', 0),
        input('boom-0001', 1),
        input('fine-0002', 2),
      ]);
      expect(outcomes.every((outcome) => !outcome.ok)).toBe(true);
      expect(await playerSum(contest.id)).toBe(0);
      expect(await recordSum(contest.id)).toBe(0);
    } finally {
      await sql`DROP TRIGGER boom`.execute(app.sql);
    }
    // The clients' retries (same keys) then count once each.
    const retried = await castVotes(app.sql, [
      input('fine-0001', 0),
      input('boom-0001', 1),
      input('fine-0002', 2),
    ]);
    expect(retried.every((outcome) => outcome.ok)).toBe(true);
    expect(await playerSum(contest.id)).toBe(3);
    expect(await recordSum(contest.id)).toBe(3);
  });
});

describe("today's star and live changes", () => {
  it("lists today's most voted players, without login", async () => {
    const contest = await makeContest({ players: 4 });
    for (const [player, count] of [
      [1, 3],
      [2, 1],
      [3, 3],
    ])
      for (let i = 0; i < count; i++) await vote(user(20 + i), contest.id, contest.players[player]);
    const { data } = await get(`/v3/api/vote/today_star?vote_id=${contest.id}&limit=2`);
    expect(data.date).toBe('2026-06-01');
    expect(data.list.map((star: S['VoteStar']) => [star.number, star.votes_today, star.rank])).toEqual([
      [2, 3, 1],
      [4, 3, 2],
    ]);
    expect((await get(`/v3/api/vote/today_star?vote_id=${contest.id}&limit=51`)).xcode).toBe(400);
  });

  it('feeds changed players since a version, with an ETag for 304 answers', async () => {
    const contest = await makeContest({ players: 3 });
    const first = await app.inject({ url: `/v3/api/vote/changes?vote_id=${contest.id}` });
    expect(first.json().data).toEqual({ version: 0, total_votes: 0, reset: false, players: [] });
    const again = await app.inject({
      url: `/v3/api/vote/changes?vote_id=${contest.id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await vote(user(30), contest.id, contest.players[1]);
    const next = await app.inject({
      url: `/v3/api/vote/changes?vote_id=${contest.id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(next.statusCode).toBe(200);
    const { version } = next.json().data;
    expect(version).toBeGreaterThan(0);
    await vote(user(31), contest.id, contest.players[2]);
    const changes = await get(`/v3/api/vote/changes?vote_id=${contest.id}&since=${version}`);
    expect(changes.data).toMatchObject({
      total_votes: 2,
      reset: false,
      players: [{ id: contest.players[2], votes: 1 }],
    });
    expect((await get('/v3/api/vote/changes?vote_id=1&since=-1')).xcode).toBe(400);
    expect((await get('/v3/api/vote/changes?vote_id=404')).xcode).toBe(404);
  });

  it('asks for a refetch when more than 500 players changed', async () => {
    const contest = await makeContest({ players: 501 });
    // One vote for each of the 501 players, as the feed reads them (casting them is what the vote tests do).
    await app.sql
      .insertInto('vote_records')
      .values(
        contest.players.map((player, n) => ({
          contest_id: contest.id,
          player_id: player,
          user_id: USER_BASE + 1000 + (n % 50),
          day: 0,
          count: 1,
          idempotency_key: `feed-${n}`,
          votes_after: 1,
          created_at: 0,
        })),
      )
      .execute();
    await app.sql.updateTable('players').set({ votes: 1 }).where('contest_id', '=', contest.id).execute();
    const { data } = await get(`/v3/api/vote/changes?vote_id=${contest.id}&since=1`);
    expect(data).toMatchObject({ total_votes: 501, reset: true, players: [] });
    expect(
      (await get(`/v3/api/vote/changes?vote_id=${contest.id}&since=${data.version}`)).data,
    ).toMatchObject({
      reset: false,
      players: [],
    });
  });
});

describe('paid votes', () => {
  it('creates an order of count x price in the shared PayOrder shape', async () => {
    const h5 = await post(
      '/v2/api/wechat/vote/user/order',
      { vote_id: 2, player_id: 325, count: 3, t_type: 'h5' },
      user(40),
    );
    expect(h5.xcode).toBe(200);
    expect(Object.keys(h5.data.pay).sort()).toEqual([
      'appId',
      'nonceStr',
      'package',
      'paySign',
      'signType',
      'timeStamp',
    ]);
    expect(await orderBySn(h5.data.order_sn)).toMatchObject({ kind: 'vote', amount_cents: 300, status: 0 });
    const wap = await post(
      '/v2/api/wechat/vote/user/order',
      { vote_id: 2, player_id: 325, count: 1, t_type: 'wap' },
      user(40),
    );
    expect(wap.data.mweb_url).toMatch(/\/emulator\/wechat\/pay\/h5\?prepay_id=/);
  });

  it('rejects bad input, anonymous buyers and contests without paid votes', async () => {
    expect(
      (await post('/v2/api/wechat/vote/user/order', { vote_id: 2, player_id: 325, count: 1 })).xcode,
    ).toBe(401);
    expect(
      (await post('/v2/api/wechat/vote/user/order', { vote_id: 2, player_id: 325, count: 0 }, user(40)))
        .xcode,
    ).toBe(400);
    expect(
      (await post('/v2/api/wechat/vote/user/order', { vote_id: 2, player_id: 1, count: 1 }, user(40))).xcode,
    ).toBe(404);
    const over = await makeContest({ endsAt: NOON / 1000 - 1 });
    const order = { vote_id: over.id, player_id: over.players[0], count: 1 };
    expect((await post('/v2/api/wechat/vote/user/order', order, user(40))).xcode).toBe(40302);
    const free = await makeContest({ price: 0 });
    expect(
      (
        await post(
          '/v2/api/wechat/vote/user/order',
          { vote_id: free.id, player_id: free.players[0], count: 1 },
          user(40),
        )
      ).xcode,
    ).toBe(40307);
  });

  it('credits the votes once however often the notification arrives, outside the free limits', async () => {
    const contest = await makeContest({ daily: 1 });
    const headers = user(41);
    await vote(headers, contest.id, contest.players[0]);
    const body = { vote_id: contest.id, player_id: contest.players[0], count: 5, idempotency_key: key() };
    const { data } = await post('/v2/api/wechat/vote/user/order', body, headers);
    // A retried order request gives the same order.
    expect((await post('/v2/api/wechat/vote/user/order', body, headers)).data.order_sn).toBe(data.order_sn);
    const order = await orderBySn(data.order_sn);
    const results = await Promise.all(Array.from({ length: 8 }, () => notify(order)));
    expect(results.every((result) => result === 'ok')).toBe(true);
    expect(await votesOf(contest.players[0])).toBe(6);
    expect(await recordSum(contest.id)).toBe(6);
    expect(await playerSum(contest.id)).toBe(await recordSum(contest.id));
    const star = await get(`/v3/api/vote/today_star?vote_id=${contest.id}`);
    expect(star.data.list[0].votes_today).toBe(6);
    // Paid votes do not use up the free ones (the limit was reached by the free vote alone).
    expect((await vote(headers, contest.id, contest.players[1])).xcode).toBe(40303);
  });
});

describe('sign-up', () => {
  const form = {
    name: '林小雨',
    phone: '13912345678',
    group: '青年组',
    talents: ['唱歌', '乐器'],
    photos: ['/uploads/a.jpg', '/uploads/b.jpg'],
  };
  const apply = (values: object, headers: Record<string, string>, voteId = 2, query = '') =>
    post(`/v2/api/vote/user/apply_vote${query}`, { vote_id: voteId, values }, headers);

  it('serves the dropdown and checkbox options of the form', async () => {
    const dropdown = (await get('/v2/api/vote/drop_down?vote_id=2')).data.list;
    expect(dropdown).toEqual([
      expect.objectContaining({
        key: 'group',
        label_en: 'Age group',
        max_count: 1,
        options: expect.arrayContaining([{ value: '青年组', label: '青年组', label_en: 'Young adults' }]),
      }),
    ]);
    const checkbox = (await get('/v2/api/vote/checkbox/list?vote_id=2')).data.list;
    expect(checkbox).toEqual([expect.objectContaining({ key: 'talents', max_count: 3 })]);
    expect((await get('/v2/api/vote/drop_down')).xcode).toBe(400);
    expect((await get('/v2/api/vote/checkbox/list?vote_id=404')).xcode).toBe(404);
  });

  it("answers '<field> cannot be empty!' (Chinese: '<field>不能为空！') and rejects bad values", async () => {
    const headers = user(50);
    expect((await apply({ ...form, name: ' ' }, headers)).msg).toBe('姓名不能为空！');
    expect((await apply({ ...form, photos: [] }, headers)).msg).toBe('参赛照片不能为空！');
    const tooManyPhotos = { ...form, photos: ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg'] };
    expect((await apply(tooManyPhotos, headers)).msg).toBe('上传数量超出限制');
    expect((await apply(tooManyPhotos, headers, 2, '?locale=en')).msg).toBe('upload count exceeds limit');
    expect((await apply({ ...form, photos: ['javascript:alert(1)'] }, headers)).xcode).toBe(400);
    expect((await apply({ ...form, group: '外星组' }, headers)).xcode).toBe(400);
    expect((await apply({ ...form, talents: ['唱歌', '唱歌'] }, headers)).xcode).toBe(400);
    expect((await apply({ ...form, phone: '12345' }, headers)).xcode).toBe(400);
    expect((await apply({ ...form, extra: 'x' }, headers)).msg).toBe('报名表没有这一项：extra');
    // Each failure reads in the request's locale, with the field's English label where the organiser wrote one.
    expect((await apply({ ...form, name: ' ' }, headers, 2, '?locale=en')).msg).toBe('Name cannot be empty!');
    expect((await apply({ ...form, extra: 'x' }, headers, 2, '?locale=en')).msg).toBe('Unknown field: extra');
    expect((await apply({ ...form, group: '外星组' }, headers, 2, '?locale=en')).msg).toMatch(
      /^Age group: not one of the options$/,
    );
    expect((await apply({ ...form, group: '外星组' }, headers)).msg).toMatch(/：不是可选的选项$/);
    expect((await apply(form, {})).xcode).toBe(401);
    expect((await post('/v2/api/vote/user/apply_vote', { vote_id: 2 }, headers)).xcode).toBe(400);
  });

  it('signs up once (pending for review), records the inviter, and approval makes a player', async () => {
    const inviter = user(51);
    const headers = user(52);
    const answer = await apply(form, headers, 2, `?inviteId=${USER_BASE + 51}&locale=zh-CN`);
    expect(answer.data).toMatchObject({ status: 'pending', name: '林小雨', player_id: null, fee_cents: 0 });
    // A retried submit answers the same sign-up; a different form is a second sign-up.
    expect((await apply(form, headers)).data).toEqual(answer.data);
    expect((await apply({ ...form, name: '林小雨二' }, headers)).xcode).toBe(40306);
    expect((await get('/v3/api/vote/detail?vote_id=2', headers)).data.mine.sign_up.status).toBe('pending');
    const invites = await get('/v3/api/vote/user/sign/invite/list?vote_id=2', inviter);
    expect(invites.data).toMatchObject({ total: 1, list: [{ user_id: USER_BASE + 52, status: 'pending' }] });
    expect((await get('/v3/api/vote/user/sign/invite/list?vote_id=2')).xcode).toBe(401);
    expect((await get('/v3/api/vote/user/sign/invite/list?vote_id=2&page_size=500', inviter)).xcode).toBe(
      400,
    );
    expect((await get('/v3/api/vote/user/sign/invite/list?vote_id=2', headers)).data.total).toBe(0);

    await reviewSignUp(app.sql, answer.data.id, 'approved');
    const mine = (await get('/v3/api/vote/detail?vote_id=2', headers)).data.mine.sign_up;
    expect(mine).toMatchObject({ status: 'approved', number: 13 });
    const player = (await get(`/v3/api/vote/user/detail?vote_id=2&player_id=${mine.player_id}`)).data;
    expect(player).toMatchObject({ name: '林小雨', votes: 0, photos: form.photos, photo: form.photos[0] });
  });

  it('paid registration: unpaid -> order -> notification -> approved player, once; a second order is refunded', async () => {
    const headers = user(53);
    const values = { name: '周摄影', phone: '13712345678', photos: ['/uploads/c.jpg'] };
    expect((await apply(values, headers, 3)).data).toMatchObject({ status: 'unpaid', fee_cents: 100 });
    const register = (key: string) =>
      post('/v3/api/wechat/paid_registration', { vote_id: 3, t_type: 'h5', idempotency_key: key }, headers);
    const { data } = await register('registration-one');
    // The viewer paid twice (two pay pages open): both orders paid at once, notifications repeated.
    const { data: twice } = await register('registration-two');
    const order = await orderBySn(data.order_sn);
    const second = await orderBySn(twice.order_sn);
    expect(order).toMatchObject({ kind: 'registration', amount_cents: 100 });
    expect(second).toMatchObject({ kind: 'registration', ref_id: order.ref_id });
    await Promise.all([notify(order), notify(second), notify(order), notify(second)]);
    const mine = (await get('/v3/api/vote/detail?vote_id=3', headers)).data.mine.sign_up;
    expect(mine).toMatchObject({ status: 'approved', number: 7 });
    expect((await get('/v3/api/vote/list?vote_id=3')).data.total).toBe(7);
    const statuses = [(await orderBySn(order.order_sn)).status, (await orderBySn(second.order_sn)).status];
    expect(statuses.sort()).toEqual([1, 2]);
    expect((await post('/v3/api/wechat/paid_registration', { vote_id: 3 }, headers)).msg).toBe(
      '报名费已支付',
    );
    expect((await post('/v3/api/wechat/paid_registration', { vote_id: 2 }, user(54))).xcode).toBe(40307);
    expect((await post('/v3/api/wechat/paid_registration', { vote_id: 3 }, user(54))).msg).toBe(
      '请先填写报名信息',
    );
    expect(
      (await post('/v3/api/wechat/paid_registration', { vote_id: 3, t_type: 'pc' }, user(54))).xcode,
    ).toBe(400);
  });
});

describe('poster', () => {
  it('gives the poster data with the QR link carrying the inviter', async () => {
    const headers = user(60);
    const { data } = await post(
      '/v3/api/vote/user/poster?locale=zh-CN',
      { vote_id: 2, player_id: 322 },
      headers,
    );
    expect(data.player).toMatchObject({ id: 322, number: 2 });
    expect(data.lines[0]).toBe(`2 号 ${data.player.name}`);
    expect(data.qrcode_url).toBe(
      `/v2/api/mini/qrcode/vote?vote_id=2&player_id=322&inviteId=${USER_BASE + 60}`,
    );
    expect(data.link).toMatch(
      /\/livev3\/#\/pages\/jinrizhixing\/index\?vote_id=2&player_id=322&inviteId=5060$/,
    );
    const qr = await app.inject({ url: data.qrcode_url });
    expect(qr.headers['content-type']).toBe('image/png');
    const en = await post('/v3/api/vote/user/poster?locale=en', { vote_id: 2, player_id: 322 });
    expect(en.data.lines[2]).toBe('Long-press the QR code to vote');
    expect(en.data.qrcode_url).not.toContain('inviteId');
    expect((await post('/v3/api/vote/user/poster', { vote_id: 2 })).xcode).toBe(400);
    expect((await post('/v3/api/vote/user/poster', { vote_id: 2, player_id: 1 })).xcode).toBe(404);
  });
});
