/**
 * WeChat Pay API v3 end to end through the production code, with the local emulator answering as WeChat Pay:
 * orders, JSAPI parameters, signed and encrypted notifications, forged / replayed / late / oversized notifications,
 * duplicates, declines, the order query on return, refunds (failing then succeeding), late payments refunded.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import { sandboxIdentity } from '../accounts/wechat-login';
import { emulatorControl, emulatorPay, emulatorState } from './emulator';
import { createPaymentOrder, OrderNotAvailable, type Order } from './orders';
import { encryptResource, platformHeaders, rsaVerify } from './pay-sign';
import { findRefund, processDueRefunds, refundOrder } from './refunds';
import { utf8Prefix, type WechatApiError } from './client';
import { expirePackets, RED_PACKET_TTL_MS } from '../red-packets/packets';
import { packetRefundKey, refundExpiredPackets } from '../red-packets/pay';

let clock = Date.UTC(2026, 10, 23, 4);
let app: Awaited<ReturnType<typeof buildServer>>;
let auth: Record<string, string>;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
  await app.sql
    .insertInto('users')
    .values({ id: 50, phone: '13900000050', openid: 'o-buyer-50', nickname: 'buyer', created_at: 0 })
    .execute();
  auth = { authorization: `Bearer ${await startSession(app.sql, 50, clock)}` };
});
afterAll(() => app.close());

const pay = (body: object) =>
  app.inject({ method: 'POST', url: '/v3/api/wechat/video/pay', payload: body, headers: auth });
const order = async (sn: string) =>
  (await app.sql
    .selectFrom('orders')
    .selectAll()
    .where('order_sn', '=', sn)
    .executeTakeFirstOrThrow()) as Order;
const accessRows = async () =>
  Number(
    (
      await app.sql
        .selectFrom('event_access')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', 50)
        .where('gate', '=', 'paid')
        .executeTakeFirstOrThrow()
    ).n,
  );
const forgetAccess = () =>
  app.sql.deleteFrom('event_access').where('user_id', '=', 50).where('gate', '=', 'paid').execute();
const detail = async (sn: string) =>
  (await app.inject({ url: `/v3/api/wechat/order/detail?order_sn=${sn}&locale=en`, headers: auth })).json();

/** A notification as WeChat Pay would send it for `sn`, signed with `key` (the platform key unless forged). */
function notification(sn: string, total: number, options: { key?: string; timestamp?: number } = {}) {
  const runtime = app.services.wechat;
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: new Date(clock).toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encryptResource(
      JSON.stringify({
        mchid: runtime.credentials.mchId,
        appid: runtime.credentials.appId,
        out_trade_no: sn,
        transaction_id: `4200${clock}${sn.slice(-6)}`,
        trade_state: 'SUCCESS',
        amount: { total, payer_total: total, currency: 'CNY' },
      }),
      runtime.credentials.payKey,
      'transaction',
      'transaction',
    ),
  });
  const headers = platformHeaders(
    body,
    options.key ?? runtime.credentials.emulatorPlatformPrivateKey!,
    runtime.credentials.platformSerial,
    options.timestamp ?? Math.floor(clock / 1000),
  );
  return { body, headers: { ...headers, 'content-type': 'application/json' } };
}
const post = (note: { body: string; headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: '/v3/api/wechat/pay/notify', payload: note.body, headers: note.headers });

describe('paying for a video (API v3 through the emulator)', () => {
  it('JSAPI: a real prepay id and six parameters signed with the merchant key (signType RSA)', async () => {
    const { xcode, data } = (await pay({ token: 'paid', t_type: 'h5' })).json();
    expect(xcode).toBe(200);
    for (const value of Object.values(data.pay)) expect(value).not.toBe('');
    expect(data.pay.package).toMatch(/^prepay_id=wx[0-9a-f]{28}$/);
    expect(data.pay.signType).toBe('RSA');
    const runtime = app.services.wechat;
    const merchantPublic = crypto
      .createPublicKey(runtime.credentials.privateKey)
      .export({ type: 'spki', format: 'pem' });
    const { appId, timeStamp, nonceStr, package: pkg, paySign } = data.pay;
    expect(rsaVerify(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, paySign, String(merchantPublic))).toBe(
      true,
    );
    // The order keeps WeChat's own prepay id (nothing invented).
    expect(await order(data.order_sn)).toMatchObject({
      amount_cents: 100,
      status: 0,
      kind: 'video',
      prepay_id: data.pay.package.replace('prepay_id=', ''),
    });
  });

  it('H5: WeChat Pay h5_url with the pay page (Confirm payment / Cancel)', async () => {
    const { data } = (await pay({ token: 'paid', t_type: 'wap' })).json();
    expect((await order(data.order_sn)).prepay_id).toBe('');
    expect(data.mweb_url).toMatch(/^http:\/\/localhost:8080\/emulator\/wechat\/pay\/h5\?prepay_id=wx/);
    const page = await app.inject({ url: new URL(data.mweb_url).pathname + new URL(data.mweb_url).search });
    expect(page.body).toContain('Confirm payment');
    expect(page.body).toContain('Cancel');
  });

  it('paid -> signed notification -> event unlocks once; duplicates change nothing', async () => {
    const { order_sn } = (await pay({ token: 'paid' })).json().data;
    expect((await detail(order_sn)).data.order_status).toBe(0);
    await emulatorControl(app, { duplicateNotifications: true });
    expect(await emulatorPay(app, order_sn)).toBe('ok');
    await emulatorControl(app, { duplicateNotifications: false });
    expect((await order(order_sn)).status).toBe(1);
    expect(await accessRows()).toBe(1);
    const delivered = emulatorState(app).notifications.filter((n) => n.event_type === 'TRANSACTION.SUCCESS');
    expect(delivered.slice(-2).map((n) => n.status)).toEqual([204, 204]);
    expect(await emulatorPay(app, order_sn)).toBe('ok');
    expect(await accessRows()).toBe(1);
    expect((await detail(order_sn)).data).toMatchObject({ order_status: 1, refund: null });
  });

  it('a declined payment leaves the order unpaid', async () => {
    const { order_sn } = (await pay({ token: 'paid', t_type: 'wap' })).json().data;
    await emulatorControl(app, { declinePayments: 1 });
    expect(await emulatorPay(app, order_sn)).toBe('fail');
    expect((await detail(order_sn)).data.order_status).toBe(0);
  });

  it("a decline aimed at one sandbox user leaves other payers' payments alone", async () => {
    const decliner = sandboxIdentity(app.services.wechat.credentials.appId, 'decliner').openid;
    await app.sql
      .insertInto('users')
      .values({ id: 51, phone: '13900000051', openid: decliner, nickname: 'decliner', created_at: 0 })
      .execute();
    const theirs = { authorization: `Bearer ${await startSession(app.sql, 51, clock)}` };
    const orderOf = async (headers: Record<string, string>, key: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/v3/api/wechat/video/pay',
          payload: { token: 'paid', t_type: 'h5', idempotency_key: key },
          headers,
        })
      ).json().data.order_sn as string;
    const mine = await orderOf(auth, 'aimed-decline-buyer');
    const declined = await orderOf(theirs, 'aimed-decline-1');
    await emulatorControl(app, { declineNextPaymentOf: 'decliner' });
    expect(await emulatorPay(app, mine)).toBe('ok');
    expect(await emulatorPay(app, declined)).toBe('fail');
    expect(
      (await app.inject({ url: `/v3/api/wechat/order/detail?order_sn=${declined}`, headers: theirs })).json()
        .data.order_status,
    ).toBe(0);
    // Only the next one: the viewer's retry goes through.
    expect(await emulatorPay(app, declined)).toBe('ok');
    await forgetAccess();
  });

  it('a lost notification: the order detail asks WeChat and settles the order', async () => {
    await forgetAccess();
    const { order_sn } = (await pay({ token: 'paid', idempotency_key: 'lost-1' })).json().data;
    await emulatorControl(app, { dropNotifications: 1 });
    expect(await emulatorPay(app, order_sn)).toBe('ok');
    expect((await order(order_sn)).status).toBe(0);
    expect((await detail(order_sn)).data.order_status).toBe(1);
    expect(await accessRows()).toBe(1);
  });
});

describe('notifications that must change nothing', () => {
  let sn: string;
  beforeAll(async () => {
    await forgetAccess();
    sn = (await pay({ token: 'paid', idempotency_key: 'refused-1' })).json().data.order_sn;
  });

  it('forged (signed with another key), late (outside 5 minutes), replayed, tampered: refused, order untouched', async () => {
    const forger = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    expect((await post(notification(sn, 100, { key: forger.privateKey }))).statusCode).toBe(401);
    expect(
      (await post(notification(sn, 100, { timestamp: Math.floor(clock / 1000) - 301 }))).statusCode,
    ).toBe(401);
    expect(
      (await post(notification(sn, 100, { timestamp: Math.floor(clock / 1000) + 301 }))).statusCode,
    ).toBe(401);
    const good = notification(sn, 100);
    const tampered = { ...good, body: good.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ') };
    expect((await post(tampered)).statusCode).toBe(401);
    const noHeaders = await app.inject({
      method: 'POST',
      url: '/v3/api/wechat/pay/notify',
      payload: good.body,
    });
    expect(noHeaders.statusCode).toBe(401);
    // A wrong amount is refused after verification and changes nothing either.
    expect((await post(notification(sn, 1))).statusCode).toBe(400);
    expect((await order(sn)).status).toBe(0);
    expect(await accessRows()).toBe(0);
    // The genuine one pays. The same notification delivered again is answered 2xx (so WeChat stops) and changes
    // nothing; tampered with, it is still refused.
    expect((await post(good)).statusCode).toBe(204);
    expect((await order(sn)).status).toBe(1);
    const paidAt = (await order(sn)).paid_at;
    const again = await post(good);
    expect(again.statusCode).toBe(204);
    expect(await order(sn)).toMatchObject({ status: 1, paid_at: paidAt });
    expect(await accessRows()).toBe(1);
    const tamperedAgain = { ...good, body: good.body.replace('"summary"', '"summary" ') };
    expect((await post(tamperedAgain)).statusCode).toBe(401);
  });

  it('bodies over 16 KB are refused with 413 before they are read', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/v3/api/wechat/pay/notify',
      payload: `{"pad":"${'x'.repeat(20 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ xcode: 413 });
  });

  it('concurrent genuine notifications of one order pay it exactly once', async () => {
    await forgetAccess();
    const { order_sn } = (await pay({ token: 'paid', idempotency_key: 'race-1' })).json().data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(notification(order_sn, 100))));
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    expect(await accessRows()).toBe(1);
  });
});

describe('refunds', () => {
  async function paidOrder(key: string) {
    const { order_sn } = (await pay({ token: 'paid', idempotency_key: key, t_type: 'wap' })).json().data;
    expect(await emulatorPay(app, order_sn)).toBe('ok');
    return order_sn as string;
  }

  it('refunds once however often and however concurrently it is asked; the refund notification finishes it', async () => {
    const sn = await paidOrder('refund-1');
    const runtime = app.services.wechat;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => refundOrder(runtime, { orderSn: sn, reason: 'cancelled' })),
    );
    expect(new Set(answers.map((answer) => answer.out_refund_no)).size).toBe(1);
    expect([...emulatorState(app).refunds.values()].filter((r) => r.out_trade_no === sn)).toHaveLength(1);
    await vi.waitFor(async () => {
      expect(await findRefund(runtime.sql, `R${sn}`)).toMatchObject({ status: 'success', amount_cents: 100 });
    });
    expect((await detail(sn)).data.refund).toMatchObject({ status: 'success', amount: 100 });
  });

  it('a failing refund is retried with back-off until WeChat accepts it, its state visible meanwhile', async () => {
    const sn = await paidOrder('refund-2');
    const runtime = app.services.wechat;
    await emulatorControl(app, { failRefunds: 2 });
    const first = await refundOrder(runtime, { orderSn: sn, reason: 'cancelled' });
    expect(first).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringContaining('SYSTEM_ERROR'),
    });
    expect((await detail(sn)).data.refund).toMatchObject({ status: 'failed' });
    expect(await processDueRefunds(runtime)).toBe(0); // not due yet (5 s back-off)
    clock += 5000;
    await processDueRefunds(runtime);
    expect(await findRefund(runtime.sql, `R${sn}`)).toMatchObject({ status: 'failed', attempts: 2 });
    clock += 5000;
    await processDueRefunds(runtime);
    expect((await findRefund(runtime.sql, `R${sn}`))?.status).toBe('failed'); // 10 s after the second failure
    clock += 5000;
    await processDueRefunds(runtime);
    await vi.waitFor(async () => {
      expect(await findRefund(runtime.sql, `R${sn}`)).toMatchObject({ status: 'success', attempts: 3 });
    });
  });

  it('a refund WeChat reports ABNORMAL is failed and retried, not taken for under way', async () => {
    const sn = await paidOrder('refund-abnormal');
    const runtime = app.services.wechat;
    const spy = vi
      .spyOn(runtime.client, 'refund')
      .mockResolvedValueOnce({ refund_id: '50abnormal', out_refund_no: `R${sn}`, status: 'ABNORMAL' });
    try {
      const refund = await refundOrder(runtime, { orderSn: sn, reason: 'cancelled' });
      expect(refund).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: expect.stringContaining('ABNORMAL'),
      });
      expect((await detail(sn)).data.refund).toMatchObject({ status: 'failed' });
    } finally {
      spy.mockRestore();
    }
    clock += 5000;
    await processDueRefunds(runtime);
    await vi.waitFor(async () =>
      expect(await findRefund(runtime.sql, `R${sn}`)).toMatchObject({ status: 'success', attempts: 2 }),
    );
  });

  it('only a paid order is refunded', async () => {
    const { order_sn } = (await pay({ token: 'paid', idempotency_key: 'unpaid-1' })).json().data;
    await expect(refundOrder(app.services.wechat, { orderSn: order_sn, reason: 'x' })).rejects.toMatchObject({
      texts: { en: 'Only a paid order can be refunded' },
    });
  });
});

describe('paid after it stopped being available', () => {
  it('the hook refuses, nothing it wrote stays, the order closes, the payment is refunded and the viewer told', async () => {
    // This server's product orders refuse once paid (the rules of each kind are the server's own table).
    const runtime = app.services.wechat;
    runtime.orderKinds = {
      ...runtime.orderKinds,
      product: {
        paid: async (trx, paid) => {
          await trx
            .insertInto('event_access')
            .values({ event_id: paid.ref_id, user_id: 50, gate: 'info_form', created_at: 0 })
            .execute();
          throw new OrderNotAvailable({ 'zh-CN': '库存不足', en: 'Out of stock' });
        },
      },
    };
    const late = await createPaymentOrder(app.sql, {
      userId: 50,
      kind: 'product',
      refId: 2,
      amountCents: 300,
      now: clock,
    });
    await runtime.client.h5Order(
      { order_sn: late.order_sn, amount_cents: 300, description: 'x' },
      '127.0.0.1',
    );
    expect(await emulatorPay(app, late.order_sn)).toBe('ok');
    expect((await order(late.order_sn)).status).toBe(2);
    expect(
      await app.sql
        .selectFrom('event_access')
        .select('event_id')
        .where('gate', '=', 'info_form')
        .where('user_id', '=', 50)
        .execute(),
    ).toEqual([]);
    const answer = await vi.waitFor(async () => {
      const found = await detail(late.order_sn);
      expect(found.data).toMatchObject({ order_status: 2, refund: { status: 'success', amount: 300 } });
      return found;
    });
    expect(answer.data.refund.reason).toContain('refunded');
  });
});

describe('paid votes after the contest ended', () => {
  it('are not counted; the payment is refunded', async () => {
    const votesOf = async (id: number) =>
      (await app.sql.selectFrom('players').select('votes').where('id', '=', id).executeTakeFirstOrThrow())
        .votes;
    const player = await app.sql
      .selectFrom('players')
      .select(['id', 'votes'])
      .where('contest_id', '=', 2)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const answer = (
      await app.inject({
        method: 'POST',
        url: '/v2/api/wechat/vote/user/order',
        payload: {
          vote_id: 2,
          player_id: player.id,
          count: 2,
          t_type: 'wap',
          idempotency_key: 'late-vote-0001',
        },
        headers: auth,
      })
    ).json();
    expect(answer.xcode).toBe(200);
    // The contest ends while the viewer is on the pay page.
    await app.sql
      .updateTable('contests')
      .set({ ends_at: Math.floor(clock / 1000) - 1 })
      .where('id', '=', 2)
      .execute();
    expect(await emulatorPay(app, answer.data.order_sn)).toBe('ok');
    expect((await order(answer.data.order_sn)).status).toBe(2);
    expect(await votesOf(player.id)).toBe(player.votes);
    await vi.waitFor(async () => {
      expect((await detail(answer.data.order_sn)).data.refund).toMatchObject({
        status: 'success',
        amount: 200,
      });
    });
  });
});

describe('red packet expiry', () => {
  it('the unclaimed rest goes back to the sender through a WeChat refund, once', async () => {
    await app.sql
      .insertInto('events')
      .values({ token: 'wx-redpack', owner_id: 1, title: 'red packets' })
      .execute();
    const send = (
      await app.inject({
        method: 'POST',
        url: '/v3/api/wechat/redpack/send',
        payload: { token: 'wx-redpack', amount: 300, count: 3, t_type: 'wap' },
        headers: auth,
      })
    ).json();
    expect(send.xcode).toBe(200);
    expect(await emulatorPay(app, send.data.order_sn)).toBe('ok');
    const packetId = (await order(send.data.order_sn)).ref_id;
    const { amount_cents: claimed } = await app.sql
      .updateTable('red_packet_shares')
      .set({ user_id: 50, grabbed_at: clock })
      .where('packet_id', '=', packetId)
      .where('seq', '=', 0)
      .returning('amount_cents')
      .executeTakeFirstOrThrow();
    const check = async (headers: Record<string, string>) =>
      (await app.inject({ url: `/v3/api/wechat/redpack/check?id=${packetId}`, headers })).json().data;
    expect((await check(auth)).refund).toBeNull();
    await expirePackets(app.sql, clock + RED_PACKET_TTL_MS + 1);
    // The sender sees the rest pending until the refund sweep records and sends it; others never see it.
    expect((await check(auth)).refund).toEqual({ status: 'pending', amount: 300 - claimed });
    expect((await check({})).refund).toBeNull();
    const runtime = app.services.wechat;
    expect(await refundExpiredPackets(runtime)).toBe(1);
    expect(await refundExpiredPackets(runtime)).toBe(0);
    await vi.waitFor(async () => {
      expect(await findRefund(runtime.sql, `RP${packetId}`)).toMatchObject({
        status: 'success',
        amount_cents: 300 - claimed,
        order_sn: send.data.order_sn,
      });
    });
    expect((await check(auth)).refund).toEqual({ status: 'success', amount: 300 - claimed });
    const atWechat = [...emulatorState(app).refunds.values()].filter(
      (r) => r.out_trade_no === send.data.order_sn,
    );
    expect(atWechat.map((r) => r.amount)).toEqual([300 - claimed]);
  });
});

describe("WeChat Pay's own limits", () => {
  /** The out_trade_no and out_refund_no rules of WeChat Pay's documentation. */
  const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
  const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;
  /** 100 Chinese characters (300 bytes of UTF-8), as a long product name or refund reason. */
  const chinese = '国潮刺绣连帽卫衣男女同款'.repeat(9).slice(0, 100);
  const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8') === text;

  it('cuts text by UTF-8 bytes between characters, never inside one', () => {
    expect(utf8Prefix('直播观看', 127)).toBe('直播观看');
    expect(utf8Prefix(chinese, 127)).toBe(chinese.slice(0, 42)); // 126 bytes: a 43rd character would make 129
    expect(utf8Prefix(chinese, 80)).toBe(chinese.slice(0, 26));
    // A 4-byte character (two UTF-16 units) is kept whole or left out whole.
    const emoji = `${'a'.repeat(125)}😀b`;
    expect(utf8Prefix(emoji, 127)).toBe('a'.repeat(125));
    expect(utf8Prefix(emoji, 129)).toBe(`${'a'.repeat(125)}😀`);
    expect(utf8Prefix('', 80)).toBe('');
  });

  it('a 100-character Chinese product name goes to WeChat Pay cut to 127 bytes, whole characters', async () => {
    const { client } = app.services.wechat;
    const h5 = { order_sn: `${clock}000101`, amount_cents: 990, description: chinese };
    const jsapi = { ...h5, order_sn: `${clock}000102` };
    expect(await client.h5Order(h5, '127.0.0.1')).toMatch(/prepay_id=wx/);
    expect(await client.jsapiOrder(jsapi, 'o-buyer-50')).toMatch(/^wx/);
    for (const sn of [h5.order_sn, jsapi.order_sn]) {
      const stored = emulatorState(app).transactions.get(sn)!.description;
      expect(Buffer.byteLength(stored, 'utf8')).toBeLessThanOrEqual(127);
      expect(wellFormed(stored)).toBe(true);
      expect(chinese.startsWith(stored)).toBe(true);
      expect(stored).toHaveLength(42);
    }
  });

  it('a 100-character Chinese refund reason goes to WeChat Pay cut to 80 bytes; the order numbers keep the rules', async () => {
    const { order_sn: sn } = (
      await pay({ token: 'paid', idempotency_key: 'long-reason', t_type: 'wap' })
    ).json().data;
    expect(sn).toMatch(OUT_TRADE_NO);
    expect(await emulatorPay(app, sn)).toBe('ok');
    const runtime = app.services.wechat;
    const refund = await refundOrder(runtime, { orderSn: sn, reason: chinese });
    expect(refund.out_refund_no).toMatch(OUT_REFUND_NO);
    expect(refund.status).not.toBe('failed');
    const atWechat = emulatorState(app).refunds.get(refund.out_refund_no)!.reason!;
    expect(Buffer.byteLength(atWechat, 'utf8')).toBeLessThanOrEqual(80);
    expect(wellFormed(atWechat)).toBe(true);
    expect(chinese.startsWith(atWechat)).toBe(true);
    expect(atWechat).toHaveLength(26);
    // The order detail shows the reason WeChat got.
    expect(refund.reason).toBe(atWechat);
    // A red packet's refund number keeps the rules too.
    expect(packetRefundKey(2 ** 53 - 1)).toMatch(OUT_REFUND_NO);
  });

  /** A signed v3 call straight to the emulator: WeChat Pay's error, or null when it accepted. */
  async function refusal(path: string, body: object) {
    try {
      await app.services.wechat.client.pay('POST', path, body);
      return null;
    } catch (error) {
      const { errcode, errmsg, status } = error as WechatApiError;
      return { status, code: errcode, message: errmsg };
    }
  }
  const orderCall = (change: (body: Record<string, unknown>) => void) => {
    const { appId, mchId, notifyUrl } = app.services.wechat.credentials;
    const body: Record<string, unknown> = {
      appid: appId,
      mchid: mchId,
      description: '直播观看',
      out_trade_no: `${clock}000201`,
      notify_url: notifyUrl,
      amount: { total: 100, currency: 'CNY' },
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    };
    change(body);
    return refusal('/v3/pay/transactions/h5', body);
  };
  const refundCall = (change: (body: Record<string, unknown>) => void) => {
    const body: Record<string, unknown> = {
      out_trade_no: `${clock}000201`,
      out_refund_no: `R${clock}000201`,
      reason: '取消订单',
      notify_url: app.services.wechat.credentials.refundNotifyUrl,
      amount: { refund: 100, total: 100, currency: 'CNY' },
    };
    change(body);
    return refusal('/v3/refund/domestic/refunds', body);
  };
  const field = (path: string, label: string, rule: string) => ({
    status: 400,
    code: 'PARAM_ERROR',
    message: `输入源“${path}”映射到值字段“${label}”${rule}`,
  });

  it('a well-formed order is accepted (the cases below change one field each)', async () => {
    expect(await orderCall(() => {})).toBeNull();
    expect(await orderCall((body) => (body.attach = 'a'.repeat(128)))).toBeNull();
    expect(await orderCall((body) => (body.out_trade_no = 'Ab0_-|*x'))).toBeNull();
  });

  it.each([
    [
      'description over 127 bytes',
      (body: Record<string, unknown>) => (body.description = 'd'.repeat(130)),
      field('/body/description', '商品描述', '字符串规则校验失败，字节数 130，大于最大值 127'),
    ],
    [
      'description of 43 Chinese characters (129 bytes)',
      (body: Record<string, unknown>) => (body.description = chinese.slice(0, 43)),
      field('/body/description', '商品描述', '字符串规则校验失败，字节数 129，大于最大值 127'),
    ],
    [
      'attach over 128 bytes',
      (body: Record<string, unknown>) => (body.attach = '附'.repeat(43)),
      field('/body/attach', '附加数据', '字符串规则校验失败，字节数 129，大于最大值 128'),
    ],
    [
      'out_trade_no under 6 characters',
      (body: Record<string, unknown>) => (body.out_trade_no = '12345'),
      field('/body/out_trade_no', '商户订单号', '字符串规则校验失败，字节数 5，小于最小值 6'),
    ],
    [
      'out_trade_no over 32 characters',
      (body: Record<string, unknown>) => (body.out_trade_no = '1'.repeat(33)),
      field('/body/out_trade_no', '商户订单号', '字符串规则校验失败，字节数 33，大于最大值 32'),
    ],
    [
      'out_trade_no with a character outside 0-9 a-z A-Z _ - | *',
      (body: Record<string, unknown>) => (body.out_trade_no = 'order.000201'),
      field('/body/out_trade_no', '商户订单号', '字符串规则校验失败，只能是数字、大小写字母、_-|*'),
    ],
    [
      'amount.total under 1',
      (body: Record<string, unknown>) => (body.amount = { total: 0, currency: 'CNY' }),
      field('/body/amount/total', '总金额', '数值规则校验失败，值 0，小于最小值 1'),
    ],
    [
      'amount.total not an integer',
      (body: Record<string, unknown>) => (body.amount = { total: 1.5, currency: 'CNY' }),
      field('/body/amount/total', '总金额', '类型校验失败，应为整数'),
    ],
  ])('an order with %s is refused as WeChat Pay does', async (_name, change, refused) => {
    expect(await orderCall(change)).toEqual(refused);
  });

  it.each([
    [
      'out_refund_no over 64 characters',
      (body: Record<string, unknown>) => (body.out_refund_no = 'R'.repeat(65)),
      field('/body/out_refund_no', '商户退款单号', '字符串规则校验失败，字节数 65，大于最大值 64'),
    ],
    [
      'out_refund_no with a character outside 0-9 a-z A-Z _ - | * @',
      (body: Record<string, unknown>) => (body.out_refund_no = `order:${clock}`),
      field('/body/out_refund_no', '商户退款单号', '字符串规则校验失败，只能是数字、大小写字母、_-|*@'),
    ],
    [
      'reason over 80 bytes',
      (body: Record<string, unknown>) => (body.reason = '退'.repeat(27)),
      field('/body/reason', '退款原因', '字符串规则校验失败，字节数 81，大于最大值 80'),
    ],
    [
      'amount.refund under 1',
      (body: Record<string, unknown>) => (body.amount = { refund: 0, total: 100, currency: 'CNY' }),
      field('/body/amount/refund', '退款金额', '数值规则校验失败，值 0，小于最小值 1'),
    ],
    [
      'amount.refund over amount.total',
      (body: Record<string, unknown>) => (body.amount = { refund: 101, total: 100, currency: 'CNY' }),
      field('/body/amount/refund', '退款金额', '数值规则校验失败，值 101，大于原订单金额 100'),
    ],
  ])('a refund with %s is refused as WeChat Pay does', async (_name, change, refused) => {
    expect(await refundCall(change)).toEqual(refused);
  });
});
