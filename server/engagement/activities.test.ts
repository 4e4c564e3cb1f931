/**
 * The list of an event's activities (eventActivities) against the demo seed: what the demo event lists, titles in
 * both languages, and the visibility rules: an ended lottery is left out, one not started yet only for owners and
 * operators of the event's organisation (not for its other staff, nor for staff of another organisation), check-in
 * and the shop only while something of theirs has not ended, nothing of another event; an unknown event is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_SEED } from '../seed/organisations.ts';
import { ENGAGE_SEED } from '../seed/engagement.ts';
import { SHOP_SEED_USERS } from '../seed/shop.ts';
import { call, newViewer, testServer, type App } from '../security/test-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await testServer();
}, 60_000);
afterAll(() => app.close());

const nowSec = () => Math.floor(app.now() / 1000);

async function activities(token: string, options: { session?: string; locale?: string } = {}) {
  const query = new URLSearchParams({ token, ...(options.locale ? { locale: options.locale } : {}) });
  const response = await call(app, {
    method: 'GET',
    url: `/v3/api/event/activities?${query}`,
    token: options.session,
  });
  return response.json();
}

/** A new event of the demo organisation, with nothing in it yet. */
async function newEvent(token: string): Promise<void> {
  await app.sql
    .insertInto('events')
    .values({ token, owner_id: 1, title: token, organisation_id: ORGANISATION_SEED.demo })
    .execute();
}

const lottery = (token: string, id: number, startsAt: number, endsAt: number) => ({
  id,
  event_token: token,
  title: `抽奖 ${id}`,
  title_en: `Draw ${id}`,
  rules: '',
  rules_en: '',
  starts_at: startsAt,
  ends_at: endsAt,
  draw_limit: 1,
  draw_period: 'total' as const,
  requirement: 'none' as const,
  requirement_value: 0,
  thanks_weight: 1,
  time_zone: 'Asia/Shanghai',
});

describe('eventActivities', () => {
  it("lists what the demo event offers, from its own rows only (the tests' lotteries and bonus are another event's)", async () => {
    const answer = await activities('demo');
    expect(answer.xcode).toBe(200);
    expect(answer.data).toEqual({
      lotteries: [
        {
          id: ENGAGE_SEED.screensLottery,
          title: '直播间幸运大转盘',
          title_en: 'Live room prize wheel',
          upcoming: false,
        },
      ],
      daily_bonuses: [{ id: ENGAGE_SEED.screensBonus, title: '每日签到领积分', title_en: 'Daily points' }],
      check_in: true,
      score_tables: [{ id: ENGAGE_SEED.scoreTable, title: '2026 校园歌手大赛 · 决赛成绩', title_en: '' }],
      shop: true,
    });
    const tests = await activities('engage-e2e');
    expect(tests.data.lotteries.map((entry: { id: number }) => entry.id)).toEqual([
      ENGAGE_SEED.e2eLottery,
      ENGAGE_SEED.pointsLottery,
      ENGAGE_SEED.benchLottery,
    ]);
    expect(tests.data.daily_bonuses.map((entry: { id: number }) => entry.id)).toEqual([ENGAGE_SEED.e2eBonus]);
    expect(tests.data).toMatchObject({ check_in: false, score_tables: [], shop: false });
  });

  it('answers an event with nothing as empty, and an unknown event with 404 in the request locale', async () => {
    await newEvent('activities-empty');
    expect((await activities('activities-empty')).data).toEqual({
      lotteries: [],
      daily_bonuses: [],
      check_in: false,
      score_tables: [],
      shop: false,
    });
    const unknown = await activities('no-such-event', { locale: 'en' });
    expect(unknown.xcode).toBe(404);
    expect(unknown.msg).toBe('No such event');
  });

  it('leaves out ended lotteries, and shows lotteries not started yet only to owners and operators of its organisation', async () => {
    const token = 'activities-lotteries';
    await newEvent(token);
    const now = nowSec();
    await app.sql
      .insertInto('engage_lotteries')
      .values([
        lottery(token, 9101, now - 3600, now + 3600),
        lottery(token, 9102, now - 7200, now - 3600),
        lottery(token, 9103, now + 3600, now + 7200),
      ])
      .execute();
    const ids = (answer: { data: { lotteries: { id: number; upcoming: boolean }[] } }) =>
      answer.data.lotteries.map((entry) => [entry.id, entry.upcoming]);

    expect(ids(await activities(token))).toEqual([[9101, false]]);
    const stranger = await newViewer(app, 'stranger');
    expect(ids(await activities(token, { session: stranger.token }))).toEqual([[9101, false]]);
    // Staff who do not preview the organisation's events: check-in staff.
    expect(ids(await activities(token, { session: ENGAGE_SEED.staff.token }))).toEqual([[9101, false]]);
    // An operator of the organisation previews it.
    expect(ids(await activities(token, { session: SHOP_SEED_USERS.organiser.token }))).toEqual([
      [9101, false],
      [9103, true],
    ]);

    // The owner of another organisation previews nothing here.
    const other = await newViewer(app, 'other-owner');
    await app.sql
      .insertInto('organisation_members')
      .values({
        organisation_id: ORGANISATION_SEED.chat,
        user_id: other.userId,
        role: 'owner',
        created_at: 0,
      })
      .execute();
    expect(ids(await activities(token, { session: other.token }))).toEqual([[9101, false]]);
  });

  it('lists check-in while an activity has not ended, and the shop while a product sale has not ended', async () => {
    const token = 'activities-windows';
    await newEvent(token);
    const now = nowSec();
    await app.sql
      .insertInto('engage_checkin_groups')
      .values({ id: 9201, event_token: token, name: '会场', position: 0 })
      .execute();
    const activity = {
      group_id: 9201,
      event_token: token,
      title: '签到',
      place: '',
      latitude_e6: null,
      longitude_e6: null,
      radius_m: null,
    };
    await app.sql
      .insertInto('engage_checkin_activities')
      .values({ id: 9201, ...activity, starts_at: now - 7200, ends_at: now - 3600 })
      .execute();
    const product = { event_token: token, contest_id: null, title: '商品', price_cents: 100, stock: 1 };
    await app.sql
      .insertInto('shop_products')
      .values({ id: 9201, ...product, sale_starts_at: now - 7200, sale_ends_at: now - 3600 })
      .execute();
    expect((await activities(token)).data).toMatchObject({ check_in: false, shop: false });

    await app.sql
      .insertInto('engage_checkin_activities')
      .values({ id: 9202, ...activity, starts_at: now + 3600, ends_at: now + 7200 })
      .execute();
    // 0: a sale without an end.
    await app.sql
      .insertInto('shop_products')
      .values({ id: 9202, ...product, sale_starts_at: now + 3600, sale_ends_at: 0 })
      .execute();
    expect((await activities(token)).data).toMatchObject({ check_in: true, shop: true });
  });
});
