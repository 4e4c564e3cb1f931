/**
 * The 17 engagement calls against a real in-memory server with the demo seed: answers from the contract, envelope
 * errors for bad input, and the concurrency guarantees (lottery stock and draw limits under 1,000 concurrent draws,
 * one daily claim and one reward under 50 concurrent taps, one check-in per person under concurrent retries). In the
 * PostgreSQL run (scripts/test-postgres.ts, TEST_DATABASE_URL) the server is on a fresh PostgreSQL database, where
 * the concurrent transactions really overlap.
 */
import type { AddressInfo } from 'node:net';
import type { Insertable } from 'kysely';
import { io as connect } from 'socket.io-client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import type { Database } from '../db/schema';
import { ENGAGE_SEED } from '../seed/engagement';
import { SCORE_QUERIES_PER_MINUTE } from './score-routes';
import { addDays, dayIn, ENGAGE_XCODE, maskName, maskPhone } from './common';
import { creditLiveWatch } from './live-watch';
import { pickWeighted } from './lottery';
import { rewardFor } from './bonus';

type App = Awaited<ReturnType<typeof buildServer>>;

/** 2026-06-01 23:30 China Standard Time (15:30 UTC): half an hour before the organiser's day turns. */
const LATE = Date.UTC(2026, 5, 1, 15, 30);
let clock = LATE;
let app: App;
let nextUser = 20_000;

async function viewer(extra: Partial<Insertable<Database['users']>> = {}): Promise<Record<string, string>> {
  const id = nextUser++;
  await app.sql
    .insertInto('users')
    .values({ id, phone: null, nickname: `观众${id}`, permissions: '[]', created_at: 0, ...extra })
    .execute();
  const headers = { authorization: `Bearer ${await startSession(app.sql, id, clock, 365 * 86400_000)}` };
  ids.set(headers.authorization, id);
  return headers;
}

/** The user id behind a viewer's headers (the ids are handed out in order). */
const ids = new Map<string, number>();
const userIdOf = (headers: Record<string, string>) => ids.get(headers.authorization) as number;

async function get(url: string, headers: Record<string, string> = {}) {
  return (await app.inject({ method: 'GET', url, headers })).json();
}
async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return (await app.inject({ method: 'POST', url, payload, headers })).json();
}

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', now: () => clock });
});
afterAll(async () => {
  await app.close();
});

describe('helpers', () => {
  it('masks names and phones the spec way', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskName('张伟')).toBe('张*');
    expect(maskName('欧阳晓明')).toBe('欧**明');
  });
  it('counts organiser days in the organiser time zone', () => {
    expect(dayIn('Asia/Shanghai', LATE / 1000)).toBe('2026-06-01');
    expect(dayIn('Asia/Shanghai', LATE / 1000 + 3600)).toBe('2026-06-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('picks by weight and repeats the reward table', () => {
    const entries = [{ weight: 1 }, { weight: 3 }];
    expect(pickWeighted(entries, 1, () => 0)).toBe(entries[0]);
    expect(pickWeighted(entries, 1, () => 3)).toBe(entries[1]);
    expect(pickWeighted(entries, 1, () => 4)).toBeNull();
    expect(pickWeighted([], 0, () => 0)).toBeNull();
    expect(rewardFor([10, 20, 30], 4)).toBe(10);
  });
});

describe('lottery', () => {
  it('answers the seeded lottery with its prizes and the thanks slot, without login', async () => {
    const answer = await get('/v3/api/lottery/detail?lottery_id=1');
    expect(answer.xcode).toBe(200);
    expect(answer.data.status).toBe('open');
    expect(answer.data.prizes).toHaveLength(8);
    expect(answer.data.prizes.at(-1).kind).toBe('thanks');
    expect(answer.data.mine).toBeNull();
    // The organiser's English versions beside the texts as written.
    expect(answer.data).toMatchObject({ title: '直播间幸运大转盘', title_en: 'Live room prize wheel' });
    expect(answer.data.rules_en).toContain('Points and coupons go straight to your account.');
    expect(answer.data.prizes[0]).toMatchObject({ name: '新品手机', name_en: 'New phone' });
    const winners = await get('/v3/api/lottery/history?lottery_id=1&limit=1');
    expect(winners.data.list[0].prize_en).toBeTruthy();
  });

  it('refuses bad input and anonymous draws with an envelope', async () => {
    expect((await get('/v3/api/lottery/detail?lottery_id=abc')).xcode).toBe(400);
    expect((await get('/v3/api/lottery/detail?lottery_id=999')).xcode).toBe(404);
    expect((await get('/v3/api/lottery/draw?lottery_id=2')).xcode).toBe(401);
    const en = await app.inject({ method: 'GET', url: '/v3/api/lottery/detail?lottery_id=999&locale=en' });
    expect(en.json().msg).toBe('No such lottery');
  });

  it('draws, takes the delivery details once, lists my prizes and the masked winners', async () => {
    const me = await viewer({ phone: '13900001234' });
    const draw = await get('/v3/api/lottery/draw?lottery_id=2', me);
    expect(draw.xcode).toBe(200);
    expect(draw.data.won).toBe(true);
    expect(draw.data.draws_left).toBe(19);
    expect((await get('/v3/api/lottery/user/info?lottery_id=2', me)).data).toBeNull();
    const bad = await post(
      '/v3/api/lottery/user/info',
      { lottery_id: 2, name: '王小明', phone: '12345', address: '上海' },
      me,
    );
    expect(bad.xcode).toBe(40607);
    const delivery = {
      lottery_id: 2,
      name: '王小明',
      phone: '13912345678',
      address: '上海市浦东新区世纪大道 1 号',
    };
    const saved = await post('/v3/api/lottery/user/info', delivery, me);
    expect(saved.xcode).toBe(200);
    expect(saved.data.name).toBe('王小明');
    expect((await post('/v3/api/lottery/user/info', delivery, me)).xcode).toBe(40606);
    const record = await get('/v3/api/lottery/user/winning/record?lottery_id=2', me);
    expect(record.data.list).toHaveLength(1);
    expect(record.data.delivery.phone).toBe('13912345678');
    const history = await get('/v3/api/lottery/history?lottery_id=2&limit=5');
    expect(history.data.list[0]).toMatchObject({ name: '王*明', phone: '139****5678' });
    const seeded = await get('/v3/api/lottery/history?lottery_id=1');
    expect(seeded.data.list.map((winner: { name: string }) => winner.name)).toContain('欧**明');
  });

  it('refuses delivery details from a viewer who has not won', async () => {
    const me = await viewer();
    const answer = await post(
      '/v3/api/lottery/user/info',
      { lottery_id: 2, name: '李', phone: '13912345678', address: '北京' },
      me,
    );
    expect(answer.xcode).toBe(40605);
  });

  it('1,000 concurrent draws on a prize with stock 10: exactly 10 winners, limits exact, stock never negative', async () => {
    const id = 500;
    await app.sql
      .insertInto('engage_lotteries')
      .values({
        id,
        event_token: 'demo',
        title: 'race',
        rules: '',
        starts_at: 0,
        ends_at: 4_000_000_000,
        draw_limit: 3,
        draw_period: 'day',
        requirement: 'none',
        requirement_value: 0,
        thanks_weight: 1,
        time_zone: 'Asia/Shanghai',
      })
      .execute();
    await app.sql
      .insertInto('engage_lottery_prizes')
      .values({ id: 500, lottery_id: id, position: 0, name: 'stock 10', image: '', stock: 10, weight: 1000 })
      .execute();
    // 250 viewers x 4 taps: each may draw 3 times, so 750 draws count and 250 are refused.
    const viewers: Record<string, string>[] = [];
    for (let n = 0; n < 250; n += 1) viewers.push(await viewer());
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, n) => get(`/v3/api/lottery/draw?lottery_id=${id}`, viewers[n % 250])),
    );
    const codes = answers.map((answer) => answer.xcode);
    expect(codes.filter((code) => code === 200)).toHaveLength(750);
    expect(codes.filter((code) => code === 40603)).toHaveLength(250);
    expect(answers.filter((answer) => answer.data?.prize.id === 500)).toHaveLength(10);
    const prize = await app.sql
      .selectFrom('engage_lottery_prizes')
      .select('stock')
      .where('id', '=', 500)
      .executeTakeFirstOrThrow();
    expect(prize.stock).toBe(0);
    const perUser = await app.sql
      .selectFrom('engage_lottery_draws')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('draws')])
      .where('lottery_id', '=', id)
      .groupBy('user_id')
      .execute();
    expect(perUser).toHaveLength(250);
    expect(perUser.every((row) => Number(row.draws) === 3)).toBe(true);
    const winners = await app.sql
      .selectFrom('engage_lottery_draws')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('prize_id', '=', 500)
      .executeTakeFirstOrThrow();
    expect(Number(winners.n)).toBe(10);
  }, 60_000);

  it('credits points and coupons on winning, once per draw under concurrent draws; only goods ask for an address', async () => {
    const id = 503;
    await app.sql
      .insertInto('engage_lotteries')
      .values({
        id,
        event_token: 'credits',
        title: 'credits',
        rules: '',
        starts_at: 0,
        ends_at: 4_000_000_000,
        draw_limit: 30,
        draw_period: 'total',
        requirement: 'none',
        requirement_value: 0,
        thanks_weight: 0,
        time_zone: 'Asia/Shanghai',
      })
      .execute();
    const prize = { lottery_id: id, image: '', stock: 1_000_000, weight: 1 };
    await app.sql
      .insertInto('engage_lottery_prizes')
      .values([
        { ...prize, id: 530, position: 0, name: '100 积分', reward: 'points', reward_amount: 100 },
        { ...prize, id: 531, position: 1, name: '50 元优惠券', reward: 'coupon', reward_amount: 5000 },
        { ...prize, id: 532, position: 2, name: '帆布袋', reward: 'goods', reward_amount: 0 },
      ])
      .execute();
    const detail = await get(`/v3/api/lottery/detail?lottery_id=${id}`);
    expect(detail.data.prizes.map((entry: { reward: string }) => entry.reward)).toEqual([
      'points',
      'coupon',
      'goods',
    ]);

    // 30 concurrent draws of one viewer: each win credited once, the balance is 100 x the points wins.
    const me = await viewer();
    const draws = await Promise.all(
      Array.from({ length: 30 }, () => get(`/v3/api/lottery/draw?lottery_id=${id}`, me)),
    );
    expect(draws.every((answer) => answer.xcode === 200 && answer.data.won)).toBe(true);
    const won = (prizeId: number) => draws.filter((answer) => answer.data.prize.id === prizeId).length;
    const points = won(530);
    const coupons = won(531);
    for (const answer of draws)
      if (answer.data.prize.reward === 'points')
        expect(answer.data.points_balance).toBeGreaterThanOrEqual(100);
      else expect(answer.data.points_balance).toBeNull();
    const credits = await app.sql
      .selectFrom('engage_lottery_credits')
      .select(['reward', 'amount', 'event_token'])
      .where('lottery_id', '=', id)
      .execute();
    expect(credits.filter((credit) => credit.reward === 'points')).toHaveLength(points);
    expect(credits.filter((credit) => credit.reward === 'coupon')).toHaveLength(coupons);
    expect(credits.every((credit) => credit.event_token === 'credits')).toBe(true);
    const mine = (await get(`/v3/api/lottery/detail?lottery_id=${id}`, me)).data.mine;
    expect(mine.points_balance).toBe(points * 100);
    expect(mine.needs_delivery).toBe(won(532) > 0);
    const record = await get(`/v3/api/lottery/user/winning/record?lottery_id=${id}`, me);
    expect(record.data.list).toHaveLength(30);
    for (const win of record.data.list as { prize_id: number; reward: string; reward_amount: number }[])
      expect([win.reward, win.reward_amount]).toEqual(
        win.prize_id === 530 ? ['points', 100] : win.prize_id === 531 ? ['coupon', 5000] : ['goods', 0],
      );

    // A viewer who won only points: credited, and no delivery details are asked for or taken.
    const pointsOnly = await viewer();
    await app.sql
      .updateTable('engage_lottery_prizes')
      .set({ weight: 0 })
      .where('id', 'in', [531, 532])
      .execute();
    const draw = await get(`/v3/api/lottery/draw?lottery_id=${id}`, pointsOnly);
    expect(draw.data).toMatchObject({
      won: true,
      prize: { reward: 'points', reward_amount: 100 },
      points_balance: 100,
    });
    const after = (await get(`/v3/api/lottery/detail?lottery_id=${id}`, pointsOnly)).data.mine;
    expect(after).toMatchObject({ points_balance: 100, needs_delivery: false });
    const refused = await post(
      '/v3/api/lottery/user/info',
      { lottery_id: id, name: '王小明', phone: '13912345678', address: '上海' },
      pointsOnly,
    );
    expect(refused.xcode).toBe(40605);
  });

  it('keeps a viewer out until they meet the condition', async () => {
    await app.sql
      .insertInto('engage_lotteries')
      .values({
        id: 501,
        event_token: 'info',
        title: 'info only',
        rules: '',
        starts_at: 0,
        ends_at: 4_000_000_000,
        draw_limit: 1,
        draw_period: 'total',
        requirement: 'info_form',
        requirement_value: 0,
        thanks_weight: 1,
        time_zone: 'Asia/Shanghai',
      })
      .execute();
    const me = await viewer();
    expect((await get('/v3/api/lottery/draw?lottery_id=501', me)).xcode).toBe(40604);
    expect((await get('/v3/api/lottery/detail?lottery_id=501', me)).data.mine.eligible).toBe(false);
  });
});

describe('lottery for viewers who watched', () => {
  it('counts time in the live room (socket joined, clock of the server) toward the minutes a lottery asks for', async () => {
    await app.sql
      .insertInto('engage_lotteries')
      .values({
        id: 502,
        event_token: 'demo',
        title: 'watchers only',
        rules: '',
        starts_at: 0,
        ends_at: 4_000_000_000,
        draw_limit: 1,
        draw_period: 'total',
        requirement: 'watch',
        requirement_value: 3,
        thanks_weight: 1,
        time_zone: 'Asia/Shanghai',
      })
      .execute();
    const me = await viewer();
    expect((await get('/v3/api/lottery/detail?lottery_id=502', me)).data.mine.eligible).toBe(false);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      auth: { token: me.authorization.slice('Bearer '.length) },
      reconnection: false,
    });
    try {
      const joined = await new Promise<{ ok: boolean }>((resolve) =>
        socket.emit('join', { token: 'demo' }, resolve),
      );
      expect(joined.ok).toBe(true);
      clock += 2 * 60_000;
    } finally {
      socket.close();
    }
    // Two minutes in the room: credited when the socket leaves, short of the three asked.
    const watched = () =>
      app.sql
        .selectFrom('live_watch')
        .select('seconds')
        .where('user_id', '=', userIdOf(me))
        .executeTakeFirst()
        .then((row) => Number(row?.seconds ?? 0));
    await expect.poll(watched).toBe(120);
    expect((await get('/v3/api/lottery/draw?lottery_id=502', me)).xcode).toBe(40604);
    // Two more credits at once (two nodes flushing together) add up exactly.
    await Promise.all([
      creditLiveWatch(app.sql, [{ userId: userIdOf(me), eventToken: 'demo', seconds: 30 }], clock),
      creditLiveWatch(app.sql, [{ userId: userIdOf(me), eventToken: 'demo', seconds: 30 }], clock),
    ]);
    expect(await watched()).toBe(180);
    expect((await get('/v3/api/lottery/detail?lottery_id=502', me)).data.mine.eligible).toBe(true);
    expect((await get('/v3/api/lottery/draw?lottery_id=502', me)).xcode).toBe(200);
  });
});

describe('daily bonus', () => {
  it('shows the reward table in the organiser time zone', async () => {
    const answer = await get('/v3/api/daily/bonus/detail?bonus_id=1');
    expect(answer.data).toMatchObject({
      time_zone: 'Asia/Shanghai',
      today: '2026-06-01',
      reward_kind: 'points',
      title: '每日签到领积分',
      title_en: 'Daily points',
    });
    expect(answer.data.rules_en).toMatch(/^Claim once a day/);
    expect((await get('/v3/api/daily/bonus/detail?bonus_id=77')).xcode).toBe(404);
    expect((await post('/v3/api/daily/bonus/do', { bonus_id: 'x' })).xcode).toBe(400);
  });

  it('one claim under 50 concurrent taps; the streak grows on the next organiser day', async () => {
    const me = await viewer();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/v3/api/daily/bonus/do', { bonus_id: ENGAGE_SEED.e2eBonus }, me),
      ),
    );
    expect(answers.filter((answer) => answer.xcode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.xcode === 40701)).toHaveLength(49);
    const info = await get(`/v3/api/daily/bonus/user/info?bonus_id=${ENGAGE_SEED.e2eBonus}`, me);
    expect(info.data).toMatchObject({ claimed_today: true, streak: 1, total: 10, points: 10 });
    expect(info.data.next_reward).toEqual({ day: '2026-06-02', streak_day: 2, amount: 10 });
    // The reward was given once: one balance row holding one day-1 reward.
    const balances = await app.sql
      .selectFrom('engage_points')
      .select('balance')
      .where('event_token', '=', 'engage-e2e')
      .where('user_id', '=', userIdOf(me))
      .execute();
    expect(balances.map((row) => Number(row.balance))).toEqual([10]);
    // 00:30 in Shanghai is still the previous day in UTC: the organiser's day decides.
    clock = LATE + 3600_000;
    const second = await post('/v3/api/daily/bonus/do', { bonus_id: ENGAGE_SEED.e2eBonus }, me);
    expect(second.data).toMatchObject({ day: '2026-06-02', streak: 2, amount: 10, total: 20, points: 20 });
    clock = LATE + 3 * 86400_000;
    const broken = await post('/v3/api/daily/bonus/do', { bonus_id: ENGAGE_SEED.e2eBonus }, me);
    expect(broken.data).toMatchObject({ streak: 1, amount: 10, points: 30 });
    clock = LATE;
  });

  it('a votes reward adds free votes to the day in its contest, once under 50 taps, and votes count against it', async () => {
    // Contest 600: 1 free vote a day. Bonus 600 gives 2 extra votes on every claim.
    await app.sql
      .insertInto('contests')
      .values({
        id: 600,
        event_id: null,
        title: 'bonus votes',
        starts_at: 0,
        ends_at: 4_000_000_000,
        daily_votes_per_user: 1,
        votes_per_player_per_day: 0,
      })
      .execute();
    const player = await app.sql
      .insertInto('players')
      .values({ contest_id: 600, number: 1, name: '选手' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.sql
      .insertInto('engage_bonuses')
      .values({
        id: 600,
        event_token: 'demo',
        title: 'votes',
        rules: '',
        reward_kind: 'votes',
        rewards: JSON.stringify([2]),
        time_zone: 'Asia/Shanghai',
        contest_id: 600,
      })
      .execute();
    const me = await viewer();
    let key = 0;
    const vote = () =>
      post(
        '/v3/api/vote/user/vote',
        { vote_id: 600, player_id: player.id, idempotency_key: `bonus-vote-${userIdOf(me)}-${key++}` },
        me,
      );
    // The day's own vote first: the claim then adds to an existing row of the day.
    expect((await vote()).data).toMatchObject({ votes_today: 1, votes_left_today: 0 });
    expect((await vote()).xcode).toBe(40303);
    const detail = await get('/v3/api/daily/bonus/detail?bonus_id=600');
    expect(detail.data).toMatchObject({ reward_kind: 'votes', contest_id: 600 });
    const taps = await Promise.all(
      Array.from({ length: 50 }, () => post('/v3/api/daily/bonus/do', { bonus_id: 600 }, me)),
    );
    expect(taps.filter((answer) => answer.xcode === 200)).toHaveLength(1);
    expect(taps.filter((answer) => answer.xcode === 40701)).toHaveLength(49);
    const info = await get('/v3/api/daily/bonus/user/info?bonus_id=600', me);
    expect(info.data).toMatchObject({ claimed_today: true, extra_votes_today: 2, points: 0 });
    // Ten concurrent votes: exactly the two extra ones count.
    const votes = await Promise.all(Array.from({ length: 10 }, vote));
    expect(votes.filter((answer) => answer.xcode === 200)).toHaveLength(2);
    expect(votes.filter((answer) => answer.xcode === 40303)).toHaveLength(8);
    const day = await app.sql
      .selectFrom('vote_user_days')
      .select(['votes', 'bonus_votes'])
      .where('contest_id', '=', 600)
      .where('user_id', '=', userIdOf(me))
      .execute();
    expect(day.map((row) => [Number(row.votes), Number(row.bonus_votes)])).toEqual([[3, 2]]);
    const total = await app.sql
      .selectFrom('players')
      .select('votes')
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.votes)).toBe(3);
  });

  it('refuses a votes bonus that is linked to no contest', async () => {
    await app.sql
      .insertInto('engage_bonuses')
      .values({
        id: 601,
        event_token: 'demo',
        title: 'no contest',
        rules: '',
        reward_kind: 'votes',
        rewards: JSON.stringify([1]),
        time_zone: 'Asia/Shanghai',
        contest_id: null,
      })
      .execute();
    expect((await post('/v3/api/daily/bonus/do', { bonus_id: 601 }, await viewer())).xcode).toBe(404);
  });
});

describe('check-in', () => {
  it('lists groups and activities of an event', async () => {
    const groups = await get('/v2/api/check_in/group?token=demo');
    expect(groups.data.list.map((group: { name: string }) => group.name)).toEqual([
      '主会场',
      '分论坛',
      '入口',
    ]);
    const list = await get('/v2/api/check_in/activity/list?token=demo&group_id=1');
    expect(list.data.list).toHaveLength(2);
    expect(list.data.list[0]).toMatchObject({
      title: '开幕式',
      checked_in_count: 5,
      checked_in_at: null,
      status: 'open',
    });
    expect((await get('/v2/api/check_in/activity?activity_id=999')).xcode).toBe(404);
    expect((await get('/v2/api/check_in/activity/list?token=demo&mine=1')).xcode).toBe(401);
  });

  it('checks the location on the server', async () => {
    const me = await viewer();
    expect((await post('/v2/api/check_in/record', { activity_id: 11 }, me)).xcode).toBe(40802);
    const far = await post(
      '/v2/api/check_in/record',
      { activity_id: 11, latitude: 31.3, longitude: 121.6 },
      me,
    );
    expect(far.xcode).toBe(40803);
    const near = await post(
      '/v2/api/check_in/record',
      { activity_id: 11, latitude: 31.2306, longitude: 121.4739 },
      me,
    );
    expect(near).toMatchObject({ xcode: 200, data: { activity_id: 11, repeated: false } });
    const mine = await get('/v2/api/check_in/activity/list?token=checkin-e2e&mine=1', me);
    expect(mine.data.list.map((activity: { id: number }) => activity.id)).toEqual([11]);
  });

  it('one check-in per person per activity under concurrent retries', async () => {
    const me = await viewer();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post('/v2/api/check_in/record', { activity_id: 12 }, me)),
    );
    expect(answers.every((answer) => answer.xcode === 200)).toBe(true);
    expect(answers.filter((answer) => !answer.data.repeated)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    const rows = await app.sql
      .selectFrom('engage_checkin_records')
      .select('id')
      .where('activity_id', '=', 12)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets staff search attendees and check one in, and nobody else', async () => {
    const staff = { authorization: `Bearer ${ENGAGE_SEED.staff.token}` };
    const someone = await viewer();
    expect((await post('/v2/api/check_in/search', { activity_id: 12, keyword: '张' }, someone)).xcode).toBe(
      40804,
    );
    const found = await post('/v2/api/check_in/search', { activity_id: 12, keyword: '0000' }, staff);
    expect(found.data.list.length).toBeGreaterThan(0);
    expect(found.data.list[0].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const byName = await post('/v2/api/check_in/search', { activity_id: 12, keyword: '王芳' }, staff);
    const attendee = byName.data.list[0];
    expect(attendee).toMatchObject({ name: '王芳', checked_in_at: null });
    const retries = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/v2/api/check_in/record', { activity_id: 12, attendee_id: attendee.id }, staff),
      ),
    );
    expect(retries.filter((answer) => answer.xcode === 200 && !answer.data.repeated)).toHaveLength(1);
    const again = await post('/v2/api/check_in/search', { activity_id: 12, keyword: '王芳' }, staff);
    expect(again.data.list[0].checked_in_at).not.toBeNull();
    expect(
      (await post('/v2/api/check_in/search', { activity_id: 12, keyword: '%' }, staff)).data.list,
    ).toHaveLength(0);
  });
});

describe('score query', () => {
  it('serves the form, the matching row only, and the masked rank list', async () => {
    const page = await post('/v2/api/score_query_page', { query_id: 1 });
    expect(page.data.fields.map((field: { key: string }) => field.key)).toEqual(['name', 'id_last4']);
    const me = await viewer();
    const found = await post(
      '/v2/api/score_query',
      { query_id: 1, values: { name: ' 张伟 ', id_last4: '1234' } },
      me,
    );
    expect(found.xcode).toBe(200);
    expect(found.data).toMatchObject({ name: '张伟', total: 24 });
    expect(found.data.items).toHaveLength(3);
    // A known name with wrong digits and an unknown name answer the same.
    const wrongDigits = await post(
      '/v2/api/score_query',
      { query_id: 1, values: { name: '张伟', id_last4: '9999' } },
      me,
    );
    const unknown = await post(
      '/v2/api/score_query',
      { query_id: 1, values: { name: '不存在', id_last4: '9999' } },
      me,
    );
    expect(wrongDigits).toEqual(unknown);
    expect(unknown.xcode).toBe(40901);
    const rank = await post('/v2/api/score_query_rank_list', { query_id: 1, page: 1, page_size: 5 });
    expect(rank.data.list).toHaveLength(5);
    expect(rank.data.list[0].rank).toBe(1);
    expect(rank.data.list.every((row: { name: string }) => row.name.includes('*'))).toBe(true);
  });

  it('needs login, validates the fields and limits queries per viewer', async () => {
    expect((await post('/v2/api/score_query', { query_id: 1, values: {} })).xcode).toBe(401);
    const me = await viewer();
    const empty = await post('/v2/api/score_query', { query_id: 1, values: { name: '张伟' } }, me);
    expect(empty).toMatchObject({ xcode: 400, msg: '身份证后四位不能为空' });
    const codes = [];
    for (let n = 0; n < SCORE_QUERIES_PER_MINUTE + 1; n += 1)
      codes.push(
        (await post('/v2/api/score_query', { query_id: 1, values: { name: '甲', id_last4: '0000' } }, me))
          .xcode,
      );
    expect(codes.slice(0, SCORE_QUERIES_PER_MINUTE - 1).every((code) => code === 40901)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('lottery draws, any prizes and crowd (property)', () => {
  it('never take a prize that is not in stock, and give each viewer exactly the draws allowed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          limit: fc.integer({ min: 1, max: 3 }),
          thanks: fc.integer({ min: 0, max: 3 }),
          prizes: fc.array(
            fc.record({
              stock: fc.integer({ min: 0, max: 4 }),
              weight: fc.integer({ min: 1, max: 5 }),
              reward: fc.constantFrom('goods' as const, 'points' as const),
            }),
            { minLength: 1, maxLength: 3 },
          ),
          viewers: fc.integer({ min: 1, max: 4 }),
          taps: fc.array(fc.nat(3), { minLength: 1, maxLength: 20 }),
        }),
        async ({ limit, thanks, prizes, viewers: viewerCount, taps }) => {
          const { id } = await app.sql
            .insertInto('engage_lotteries')
            .values({
              event_token: 'demo',
              title: 'property',
              rules: '',
              starts_at: 0,
              ends_at: 4_000_000_000,
              draw_limit: limit,
              draw_period: 'day',
              requirement: 'none',
              requirement_value: 0,
              thanks_weight: thanks,
              time_zone: 'Asia/Shanghai',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const prizeIds = await app.sql
            .insertInto('engage_lottery_prizes')
            .values(
              prizes.map((prize, position) => ({
                lottery_id: id,
                position,
                name: `prize ${position}`,
                image: '',
                stock: prize.stock,
                weight: prize.weight,
                reward: prize.reward,
                reward_amount: prize.reward === 'points' ? 5 : 0,
              })),
            )
            .returning('id')
            .execute();
          const crowd: Record<string, string>[] = [];
          for (let n = 0; n < viewerCount; n += 1) crowd.push(await viewer());
          const tappers = taps.map((n) => n % viewerCount);
          const answers = await Promise.all(
            tappers.map((n) => get(`/v3/api/lottery/draw?lottery_id=${id}`, crowd[n])),
          );
          for (let n = 0; n < viewerCount; n += 1) {
            const mine = answers.filter((_, index) => tappers[index] === n);
            const drawn = mine.filter((answer) => answer.xcode === 200).length;
            expect(drawn).toBe(Math.min(mine.length, limit));
            expect(
              mine.every((answer) => answer.xcode === 200 || answer.xcode === ENGAGE_XCODE.drawLimit),
            ).toBe(true);
          }
          const draws = await app.sql
            .selectFrom('engage_lottery_draws')
            .select(['prize_id'])
            .where('lottery_id', '=', id)
            .execute();
          expect(draws).toHaveLength(answers.filter((answer) => answer.xcode === 200).length);
          const stocks = await app.sql
            .selectFrom('engage_lottery_prizes')
            .select(['id', 'stock'])
            .where('lottery_id', '=', id)
            .orderBy('position')
            .execute();
          stocks.forEach((row, position) => {
            const won = draws.filter((draw) => draw.prize_id === row.id).length;
            expect(row.stock).toBeGreaterThanOrEqual(0);
            expect(row.stock + won).toBe(prizes[position].stock);
            expect(answers.filter((answer) => answer.data?.prize.id === row.id)).toHaveLength(won);
          });
          expect(stocks.map((row) => row.id)).toEqual(prizeIds.map((row) => row.id));
          const credits = await app.sql
            .selectFrom('engage_lottery_credits')
            .select('draw_id')
            .where('lottery_id', '=', id)
            .execute();
          const pointsPrizes = stocks.filter((_, position) => prizes[position].reward === 'points');
          expect(credits).toHaveLength(
            draws.filter((draw) => pointsPrizes.some((prize) => prize.id === draw.prize_id)).length,
          );
        },
      ),
      { numRuns: 20 },
    );
  }, 180_000);
});
