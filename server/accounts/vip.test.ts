/**
 * VIP membership end to end: a plan bought through the WeChat emulator's pay flow extends the membership once per
 * order (duplicated and replayed notifications change nothing), renewals add to the current expiry, and a member
 * watches paid events without paying, on every path that decides (detail, stream signature, chat), while
 * the password still applies to members; a non-member still pays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { startSession } from './sessions';
import { emulatorControl, emulatorPay, emulatorState } from '../wechat/emulator';
import { settleTransaction, type Order } from '../wechat/orders';
import { vipExpiry } from './vip-routes';
import { FREE_FOR_MEMBERS } from '../wechat/routes';

const DAY_MS = 86_400_000;
let clock = Date.UTC(2026, 10, 24, 4);
let app: Awaited<ReturnType<typeof buildServer>>;
const MEMBER = 70;
const OTHER = 71;
const tokens: Record<number, string> = {};

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
  for (const id of [MEMBER, OTHER]) {
    await app.sql
      .insertInto('users')
      .values({ id, openid: `o-vip-${id}`, nickname: `viewer${id}`, created_at: 0 })
      .execute();
    tokens[id] = await startSession(app.sql, id, clock);
  }
  // A paid event and a paid event behind a password, streaming what the seeded 'paid' event streams.
  const paid = await app.sql
    .selectFrom('events')
    .select(['owner_id', 'title', 'live_status', 'live_stream', 'replay_stream'])
    .where('token', '=', 'paid')
    .executeTakeFirstOrThrow();
  await app.sql
    .insertInto('events')
    .values([
      { ...paid, token: 'vip-paid', price_cents: 300, password: '' },
      { ...paid, token: 'vip-secret', price_cents: 300, password: 'abcd' },
    ])
    .execute();
});
afterAll(() => app.close());

const call = async (method: 'GET' | 'POST', url: string, userId?: number, payload?: object) =>
  (
    await app.inject({
      method,
      url,
      payload,
      headers: userId ? { authorization: `Bearer ${tokens[userId]}` } : {},
    })
  ).json();
const order = async (sn: string) =>
  (await app.sql
    .selectFrom('orders')
    .selectAll()
    .where('order_sn', '=', sn)
    .executeTakeFirstOrThrow()) as Order;
let attempt = 0;
const buy = async (planId: number, userId = MEMBER) => {
  attempt += 1;
  const answer = await call('POST', '/v3/api/wechat/vip/order', userId, {
    plan_id: planId,
    t_type: 'wap',
    idempotency_key: `vip-attempt-${attempt}`,
  });
  expect(answer.xcode).toBe(200);
  return answer.data as { order_sn: string; mweb_url: string };
};
const detail = (token: string, userId?: number) =>
  call('GET', `/v3/api/video/detail?token=${token}`, userId).then((answer) => answer.data);

describe('buying a membership', () => {
  it('is a WeChat Pay order of kind vip described as a membership', async () => {
    const { order_sn, mweb_url } = await buy(1);
    expect(mweb_url).toMatch(/\/emulator\/wechat\/pay\/h5\?prepay_id=wx/);
    expect(await order(order_sn)).toMatchObject({ kind: 'vip', ref_id: 1, amount_cents: 1800, status: 0 });
    expect(emulatorState(app).transactions.get(order_sn)?.description).toBe('会员');
    // Not paid: no membership yet.
    expect(await vipExpiry(app.sql, MEMBER)).toBe(0);
  });

  it('extends the membership once, even when the notification comes twice or is replayed', async () => {
    const { order_sn } = await buy(1);
    await emulatorControl(app, { duplicateNotifications: true });
    expect(await emulatorPay(app, order_sn)).toBe('ok');
    await emulatorControl(app, { duplicateNotifications: false });
    expect((await order(order_sn)).status).toBe(1);
    const expiry = clock + 30 * DAY_MS;
    expect(await vipExpiry(app.sql, MEMBER)).toBe(expiry);

    // WeChat's word on the same transaction again, also several at once: nothing more.
    const runtime = app.services.wechat;
    const transaction = await runtime.client.queryOrder(order_sn);
    clock += 1000;
    const results = await Promise.all([1, 2, 3].map(() => settleTransaction(runtime, transaction, clock)));
    expect(results).toEqual(['already-paid', 'already-paid', 'already-paid']);
    expect(await emulatorPay(app, order_sn)).toBe('ok');
    expect(await vipExpiry(app.sql, MEMBER)).toBe(expiry);
    const plans = await call('GET', '/v3/api/vip/plans', MEMBER);
    expect(plans.data.expires_at).toBe(expiry);
    // The account says so too (the app's start reads it), and a non-member's says 0.
    expect((await call('POST', '/v3/api/user/info', MEMBER, {})).data).toMatchObject({
      user_id: MEMBER,
      nickname: `viewer${MEMBER}`,
      vip_expires_at: expiry,
    });
    expect((await call('POST', '/v3/api/user/info', OTHER, {})).data.vip_expires_at).toBe(0);
    const row = await app.sql
      .selectFrom('vip_orders')
      .select('applied_at')
      .where('order_sn', '=', order_sn)
      .executeTakeFirstOrThrow();
    expect(row.applied_at).toBe(clock - 1000);
  });

  it('renews from the current expiry, not from now', async () => {
    const before = await vipExpiry(app.sql, MEMBER);
    const { order_sn } = await buy(2);
    expect(await emulatorPay(app, order_sn)).toBe('ok');
    const plan = await app.sql
      .selectFrom('vip_plans')
      .select('days')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(await vipExpiry(app.sql, MEMBER)).toBe(before + plan.days * DAY_MS);
  });

  it('still applies an order whose membership row was lost, from the plan it names', async () => {
    const { order_sn } = await buy(1, OTHER);
    await app.sql.deleteFrom('vip_orders').where('order_sn', '=', order_sn).execute();
    expect(await emulatorPay(app, order_sn)).toBe('ok');
    expect(await vipExpiry(app.sql, OTHER)).toBe(clock + 30 * DAY_MS);
    // Back to a non-member for the access tests below.
    await app.sql.deleteFrom('vip_memberships').where('user_id', '=', OTHER).execute();
  });
});

describe('what membership unlocks', () => {
  it('a member watches a paid event without paying: detail, stream signature and chat', async () => {
    const info = await detail('vip-paid', MEMBER);
    expect(info).toMatchObject({ price: 300, vip_free: true, can_watch: true });
    expect(info.live_url || info.replay_url).toContain('.m3u8');
    const url = (info.live_url || info.replay_url).split('?')[0];
    const signed = await call(
      'GET',
      `/v3/api/video/stream/sign?token=vip-paid&url=${encodeURIComponent(url)}`,
      MEMBER,
    );
    expect(signed.xcode).toBe(200);
    expect((await call('POST', '/v3/api/chat/get/msg', MEMBER, { token: 'vip-paid' })).xcode).toBe(200);
    // Nothing to buy: the video payment refuses to charge a member.
    const pay = await call('POST', '/v3/api/wechat/video/pay?locale=en', MEMBER, {
      token: 'vip-paid',
      t_type: 'wap',
    });
    expect(pay).toMatchObject({ xcode: 400, msg: FREE_FOR_MEMBERS.en });
  });

  it('a non-member (or an anonymous viewer) still has to pay', async () => {
    for (const userId of [OTHER, undefined]) {
      const info = await detail('vip-paid', userId);
      expect(info).toMatchObject({
        price: 300,
        vip_free: false,
        can_watch: false,
        live_url: '',
        replay_url: '',
      });
      expect((await call('POST', '/v3/api/chat/get/msg', userId, { token: 'vip-paid' })).xcode).not.toBe(200);
    }
    const url = '/streams/vod/x/master.m3u8';
    const signed = await call(
      'GET',
      `/v3/api/video/stream/sign?token=vip-paid&url=${encodeURIComponent(url)}`,
      OTHER,
    );
    expect(signed.xcode).toBe(403);
    expect(
      (await call('POST', '/v3/api/wechat/video/pay', OTHER, { token: 'vip-paid', t_type: 'wap' })).xcode,
    ).toBe(200);
  });

  it('a member still needs the password of a password event; the payment alone is waived', async () => {
    expect(await detail('vip-secret', MEMBER)).toMatchObject({
      needs_password: true,
      vip_free: true,
      can_watch: false,
      live_url: '',
      replay_url: '',
    });
    expect((await call('POST', '/v3/api/chat/get/msg', MEMBER, { token: 'vip-secret' })).xcode).not.toBe(200);
    const unlock = await call('POST', '/v3/api/video/password_show', MEMBER, {
      token: 'vip-secret',
      password: 'abcd',
    });
    expect(unlock.xcode).toBe(200);
    expect(await detail('vip-secret', MEMBER)).toMatchObject({ needs_password: false, can_watch: true });
    // The same password without membership: the payment still stands.
    await call('POST', '/v3/api/video/password_show', OTHER, { token: 'vip-secret', password: 'abcd' });
    expect(await detail('vip-secret', OTHER)).toMatchObject({ needs_password: false, can_watch: false });
  });

  it('ends with the membership: after the expiry the paid event is gated again', async () => {
    const expiry = await vipExpiry(app.sql, MEMBER);
    const saved = clock;
    clock = expiry + 1;
    // A login of that day (the first session has expired by then, and this login replaces it): the viewer is known,
    // and no longer a member.
    tokens[MEMBER] = await startSession(app.sql, MEMBER, clock);
    try {
      expect(await detail('vip-paid', MEMBER)).toMatchObject({
        vip_free: false,
        can_watch: false,
        live_url: '',
      });
      expect((await call('POST', '/v3/api/user/info', MEMBER, {})).data).toMatchObject({
        user_id: MEMBER,
        vip_expires_at: 0,
      });
    } finally {
      clock = saved;
    }
  });
});
