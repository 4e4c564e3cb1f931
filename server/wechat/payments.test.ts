import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { createSession } from '../auth/sessions';
import { wechatCredentials } from './credentials';
import type { Order } from './orders';
import { sandboxNotification } from './sandbox';
import { paySign } from './sign';

let app: Awaited<ReturnType<typeof buildServer>>;
let auth: Record<string, string>;
const credentials = wechatCredentials({}, 'test');

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test' });
  app.db
    .prepare("INSERT INTO users (id, phone, nickname, created_at) VALUES (50, '13900000050', 'buyer', 0)")
    .run();
  auth = { authorization: `Bearer ${createSession(app.db, 50)}` };
});
afterAll(() => app.close());

const pay = (body: object) =>
  app.inject({ method: 'POST', url: '/v3/api/wechat/video/pay', payload: body, headers: auth });
const order = (sn: string) => app.db.prepare('SELECT * FROM orders WHERE order_sn = ?').get(sn) as Order;
const notify = (xml: string) =>
  app.inject({
    method: 'POST',
    url: '/v3/api/wechat/pay/notify',
    payload: xml,
    headers: { 'content-type': 'text/xml' },
  });
const accessRows = () =>
  (
    app.db.prepare("SELECT COUNT(*) AS n FROM event_access WHERE user_id = 50 AND gate = 'paid'").get() as {
      n: number;
    }
  ).n;

describe('paying for a video', () => {
  it('gives complete JSAPI parameters in WeChat, signed with the merchant key', async () => {
    const { xcode, data } = (await pay({ token: 'paid', t_type: 'h5' })).json();
    expect(xcode).toBe(200);
    const { paySign: signature, ...params } = data.pay;
    for (const value of Object.values(data.pay)) expect(value).not.toBe('');
    expect(signature).toBe(paySign(params, credentials.payKey));
    expect(order(data.order_sn)).toMatchObject({ amount_cents: 100, status: 0, kind: 'video' });
  });

  it('gives an H5 payment page outside WeChat', async () => {
    const { data } = (await pay({ token: 'paid', t_type: 'wap' })).json();
    expect(data.mweb_url).toMatch(/^\/sandbox\/wechat\/h5pay\?order_sn=/);
    expect((await app.inject({ url: data.mweb_url })).body).toContain('Confirm payment');
  });

  it('sandbox confirm -> notification -> order paid -> the event unlocks; cancelling leaves the order unpaid', async () => {
    const cancelled = (await pay({ token: 'paid' })).json().data.order_sn;
    const { order_sn } = (await pay({ token: 'paid' })).json().data;
    expect(
      (await app.inject({ url: '/v3/api/video/detail?token=paid', headers: auth })).json().data.can_watch,
    ).toBe(false);
    const confirm = await app.inject({
      method: 'POST',
      url: '/sandbox/wechat/pay/confirm',
      payload: { order_sn },
    });
    expect(confirm.json().data.result).toBe('paid');
    expect(
      (await app.inject({ url: `/v3/api/wechat/order/detail?order_sn=${order_sn}`, headers: auth })).json()
        .data.order_status,
    ).toBe(1);
    expect(
      (await app.inject({ url: `/v3/api/wechat/order/detail?order_sn=${cancelled}`, headers: auth })).json()
        .data.order_status,
    ).toBe(0);
    expect(
      (await app.inject({ url: '/v3/api/video/detail?token=paid', headers: auth })).json().data.can_watch,
    ).toBe(true);
  });

  it('a repeated notification changes nothing', async () => {
    const { order_sn } = (await pay({ token: 'paid' })).json().data;
    const xml = sandboxNotification(order(order_sn), credentials);
    const before = accessRows();
    expect((await notify(xml)).body).toContain('SUCCESS');
    const paidAt = order(order_sn).paid_at;
    expect((await notify(xml)).body).toContain('SUCCESS');
    expect((await notify(xml)).body).toContain('SUCCESS');
    expect(order(order_sn)).toMatchObject({ status: 1, paid_at: paidAt });
    expect(accessRows()).toBe(Math.max(before, 1));
    expect(
      (
        app.db
          .prepare('SELECT COUNT(*) AS n FROM orders WHERE order_sn = ? AND status = 1')
          .get(order_sn) as { n: number }
      ).n,
    ).toBe(1);
  });

  it('refuses a forged signature and a wrong amount', async () => {
    const { order_sn } = (await pay({ token: 'paid' })).json().data;
    const xml = sandboxNotification(order(order_sn), credentials);
    expect((await notify(xml.replace(/<sign><!\[CDATA\[\w+/, '<sign><![CDATA[FORGED'))).body).toContain(
      'FAIL',
    );
    const wrongAmount = sandboxNotification({ ...order(order_sn), amount_cents: 1 }, credentials);
    expect((await notify(wrongAmount)).body).toContain('Amount does not match');
    expect(order(order_sn).status).toBe(0);
  });

  it('returns the same order for a repeated idempotency key, and refuses free events and other viewers', async () => {
    const first = (await pay({ token: 'paid', idempotency_key: 'k1' })).json().data.order_sn;
    expect((await pay({ token: 'paid', idempotency_key: 'k1' })).json().data.order_sn).toBe(first);
    expect((await pay({ token: 'demo' })).json().msg).toBe('This event is free to watch');
    const stranger = { authorization: `Bearer ${createSession(app.db, 1)}` };
    expect(
      (await app.inject({ url: `/v3/api/wechat/order/detail?order_sn=${first}`, headers: stranger })).json()
        .xcode,
    ).toBe(404);
  });
});
