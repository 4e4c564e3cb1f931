/**
 * The shop through the HTTP API (app.inject): stock exact under 500 concurrent buyers, per-user limits, expiry that
 * returns stock exactly once, replayed payment notifications, late payments refunded (the order ends refunded),
 * addresses, and the organiser's calls for staff of the product's organisation. Runs on SQLite in the unit suite and on PostgreSQL in
 * scripts/test-postgres.ts, where the concurrent transactions really overlap.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import { createOrganisation, setMember } from '../organisations/members';
import { ORGANISATION_SEED } from '../seed/organisations';
import { emulatorControl, emulatorPay, emulatorState } from '../wechat/emulator';
import type { PayTransaction } from '../wechat/client';
import { settleTransaction, type Order } from '../wechat/orders';
import { refundsOfOrder, settleRefund } from '../wechat/refunds';
import { SHOP_XCODE } from './common';
import { expireDue } from './orders';

type App = Awaited<ReturnType<typeof buildServer>>;

const DAY = 86400_000;
let app: App;
let clock = Date.UTC(2026, 5, 1, 4);

const USER_BASE = 8000;
const tokens = new Map<number, Promise<Record<string, string>>>();
/** Headers of test buyer n (created once, even when many requests for it start at once). */
function user(n: number): Promise<Record<string, string>> {
  const id = USER_BASE + n;
  let headers = tokens.get(id);
  if (!headers) {
    headers = (async () => {
      await app.sql
        .insertInto('users')
        .values({ id, openid: `shop-test-${id}`, nickname: `买家${id}`, created_at: 0 })
        .execute();
      return { authorization: `Bearer ${await startSession(app.sql, id, clock, 365 * DAY)}` };
    })();
    tokens.set(id, headers);
  }
  return headers;
}
type Headers = Record<string, string> | Promise<Record<string, string>>;

async function post(url: string, payload: object, headers: Headers = {}) {
  return (await app.inject({ method: 'POST', url, payload, headers: await headers })).json();
}
async function get(url: string, headers: Headers = {}) {
  return (await app.inject({ method: 'GET', url, headers: await headers })).json();
}

let nextProduct = 500;
async function makeProduct(fields: { stock: number; limit?: number; window?: number; price?: number }) {
  const id = ++nextProduct;
  await app.sql
    .insertInto('shop_products')
    .values({
      id,
      event_token: `test-${id}`,
      title: `商品 ${id}`,
      price_cents: fields.price ?? 1000,
      stock: fields.stock,
      limit_per_user: fields.limit ?? 0,
      pay_window_seconds: fields.window ?? 1800,
    })
    .execute();
  return id;
}

const addressOf = new Map<number, Promise<number>>();
function address(n: number): Promise<number> {
  let known = addressOf.get(n);
  if (!known) {
    known = saveAddress(n);
    addressOf.set(n, known);
  }
  return known;
}
async function saveAddress(n: number): Promise<number> {
  const answer = await post(
    '/v2/api/product/address/save',
    {
      name: '张三',
      phone: '13800001234',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 1 号',
    },
    user(n),
  );
  expect(answer.xcode).toBe(200);
  return answer.data.id as number;
}

let keySeq = 0;
const key = () => `order-key-${++keySeq}`;
async function buy(n: number, productId: number, quantity = 1, idempotencyKey = key()) {
  return post(
    '/v2/api/order/product/save',
    { product_id: productId, quantity, address_id: await address(n), idempotency_key: idempotencyKey },
    user(n),
  );
}
async function stockOf(id: number) {
  const row = await app.sql
    .selectFrom('shop_products')
    .select('stock')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.stock;
}
/** WeChat Pay (the local emulator) confirms the payment and notifies the server, as the real one does. */
const notify = (order: Order) => emulatorPay(app, order.order_sn);
/** The payer pays in time but WeChat's notification is lost: the money is taken, the server does not know yet. */
async function payUnnoticed(order: Order) {
  await emulatorControl(app, { dropNotifications: 1 });
  expect(await emulatorPay(app, order.order_sn)).toBe('ok');
}
/** The viewer comes back to the payment: the order detail asks WeChat and settles what it says (late or not). */
const comeBack = (order: Order, n: number) =>
  get(`/v3/api/wechat/order/detail?order_sn=${order.order_sn}`, user(n));
/** The emulator's record of a payment order (CLOSED once the server closed it at WeChat Pay). */
const atWechat = (order: Order) => emulatorState(app).transactions.get(order.order_sn)?.trade_state;
const paymentOrder = async (sn: string) =>
  (await app.sql
    .selectFrom('orders')
    .selectAll()
    .where('order_sn', '=', sn)
    .executeTakeFirstOrThrow()) as unknown as Order;
const shopOrder = (sn: string) =>
  app.sql.selectFrom('shop_orders').selectAll().where('order_sn', '=', sn).executeTakeFirstOrThrow();
/** An organisation owned by test user n, holding the event `token` (a test product's). */
async function organisationWithEvent(n: number, token: string): Promise<number> {
  await user(n);
  const ownerId = USER_BASE + n;
  const organisation = await createOrganisation(app.sql, { name: `主办方 ${n}`, ownerId, now: clock });
  await app.sql
    .insertInto('events')
    .values({ token, owner_id: ownerId, organisation_id: organisation, title: token })
    .execute();
  return organisation;
}

// Building the server seeds every domain's demo data: slow on a loaded machine.
beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
}, 120_000);
afterAll(() => app.close());

describe('products', { timeout: 120_000 }, () => {
  it('lists the demo event products with price in cents, stock and sale state', async () => {
    const answer = await get('/v3/api/vote/product/list?token=demo');
    expect(answer.xcode).toBe(200);
    expect(answer.data.total).toBe(5);
    expect(answer.data.list[0]).toMatchObject({
      id: 1,
      price_cents: 9900,
      limit_per_user: 2,
      sale_state: 'on_sale',
    });
    expect(answer.data.list.find((p: { id: number }) => p.id === 5).sale_state).toBe('upcoming');
    expect((await get('/v3/api/vote/product/list?vote_id=1')).data.total).toBe(2);
    expect((await get('/v3/api/vote/product/list')).xcode).toBe(400);
  });
});

describe('stock under concurrency', { timeout: 120_000 }, () => {
  it('500 concurrent buyers of a product with stock 20 end with exactly 20 orders, stock 0', async () => {
    const id = await makeProduct({ stock: 20, limit: 1 });
    for (let n = 0; n < 500; n++) await address(n);
    const answers = await Promise.all(Array.from({ length: 500 }, (_, n) => buy(n, id)));
    expect(answers.filter((a) => a.xcode === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.xcode === 40502)).toHaveLength(480);
    expect(await stockOf(id)).toBe(0);
    const orders = await app.sql
      .selectFrom('shop_orders')
      .select('id')
      .where('product_id', '=', id)
      .execute();
    expect(orders).toHaveLength(20);
  });

  it('holds the per-user limit when one buyer fires many orders at once', async () => {
    const id = await makeProduct({ stock: 100, limit: 3 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(900, id)));
    // Any answer but an order or the limit's refusal is shown whole (one such answer was seen once, on a busy run).
    expect(answers.filter((a) => a.xcode !== 200 && a.xcode !== 40503)).toEqual([]);
    expect(answers.filter((a) => a.xcode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.xcode === 40503)).toHaveLength(47);
    expect(await stockOf(id)).toBe(97);
    expect((await buy(901, id, 4)).xcode).toBe(40503);
  });

  it('answers a retried save with the same key with the first order', async () => {
    const id = await makeProduct({ stock: 10 });
    const first = await buy(902, id, 2, 'same-key-123');
    const again = await Promise.all(Array.from({ length: 10 }, () => buy(902, id, 2, 'same-key-123')));
    for (const answer of again) expect(answer.data.order_sn).toBe(first.data.order_sn);
    expect(await stockOf(id)).toBe(8);
  });

  it('expired orders return their stock exactly once, even with sweeps racing', async () => {
    const id = await makeProduct({ stock: 20, window: 60 });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => buy(n, id)));
    expect(answers.filter((a) => a.xcode === 200)).toHaveLength(20);
    expect(await stockOf(id)).toBe(0);
    clock += 61_000;
    const nowSec = Math.floor(clock / 1000);
    const swept = await Promise.all([
      expireDue(app.services, nowSec),
      expireDue(app.services, nowSec),
      expireDue(app.services, nowSec, { productId: id }),
      ...Array.from({ length: 10 }, (_, n) => post('/v2/api/product/order/list', {}, user(n))),
    ]);
    expect(swept.slice(0, 3).reduce((sum: number, n) => sum + (n as number), 0)).toBeGreaterThanOrEqual(0);
    expect(await stockOf(id)).toBe(20);
    const states = await app.sql
      .selectFrom('shop_orders')
      .select('state')
      .where('product_id', '=', id)
      .execute();
    expect(states.every((row) => row.state === 'cancelled')).toBe(true);
    // The stock went back: 20 new buyers get it, the 21st does not.
    const again = await Promise.all(Array.from({ length: 21 }, (_, n) => buy(100 + n, id)));
    expect(again.filter((a) => a.xcode === 200)).toHaveLength(20);
    expect(await stockOf(id)).toBe(0);
  });
});

describe('paying', { timeout: 120_000 }, () => {
  it('pays a pending order once; a replayed notification changes nothing', async () => {
    const id = await makeProduct({ stock: 5, price: 2500 });
    const order = await buy(950, id, 2);
    expect(order.data).toMatchObject({ state: 'pending', order_status: 1, amount_cents: 5000 });
    const pay = await post(
      '/v3/api/wechat/new_order/pay',
      { order_sn: order.data.order_sn, t_type: 'h5' },
      user(950),
    );
    expect(pay.data.pay.package).toMatch(/^prepay_id=/);
    const again = await post(
      '/v3/api/wechat/new_order/pay',
      { order_sn: order.data.order_sn, t_type: 'h5' },
      user(950),
    );
    expect(again.data.order_sn).toBe(pay.data.order_sn);
    const payment = await paymentOrder(pay.data.order_sn);
    expect(payment.amount_cents).toBe(5000);
    await Promise.all(Array.from({ length: 5 }, () => notify(payment)));
    expect((await paymentOrder(pay.data.order_sn)).status).toBe(1);
    const list = await post('/v2/api/product/order/list', { state: 'paid' }, user(950));
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      order_sn: order.data.order_sn,
      state: 'paid',
      order_status: 1,
    });
    expect(await stockOf(id)).toBe(3);
    const wap = await post(
      '/v3/api/wechat/new_order/pay',
      { order_sn: order.data.order_sn, t_type: 'wap' },
      user(950),
    );
    expect(wap.xcode).toBe(40504);
  });

  it('refuses to pay an expired order; money arriving late when it sold out is refunded and the order ends refunded, once', async () => {
    const id = await makeProduct({ stock: 1, window: 10 });
    const order = await buy(951, id);
    const sn = order.data.order_sn as string;
    const pay = await post('/v3/api/wechat/new_order/pay', { order_sn: sn, t_type: 'wap' }, user(951));
    expect(pay.data.mweb_url).toBeTruthy();
    const payment = await paymentOrder(pay.data.order_sn);
    // Paid at WeChat just before the pay window ended; the notification is late.
    await payUnnoticed(payment);
    clock += 11_000;
    const late = await post('/v3/api/wechat/new_order/pay', { order_sn: sn }, user(951));
    expect(late.xcode).toBe(40504);
    expect(await stockOf(id)).toBe(1);
    const other = await buy(952, id);
    expect(other.xcode).toBe(200);
    // The expiry tried to close the payment at WeChat, which had taken the money already (ORDERPAID): still paid.
    expect(atWechat(payment)).toBe('SUCCESS');
    await comeBack(payment, 951);
    // Sold out meanwhile: the payment is closed and refunded; once the refund went through the order is refunded.
    expect((await paymentOrder(payment.order_sn)).status).toBe(2);
    const mineOf = async () =>
      (await post('/v2/api/product/order/list', { order_sn: sn }, user(951))).data.list[0];
    await vi.waitFor(async () => expect((await mineOf()).state).toBe('refunded'), { timeout: 10_000 });
    expect(await mineOf()).toMatchObject({ state: 'refunded', order_status: 0 });
    const refunds = await refundsOfOrder(app.sql, payment.order_sn);
    expect(refunds).toMatchObject([{ status: 'success', amount_cents: payment.amount_cents }]);
    const closedAt = (await shopOrder(sn)).closed_at;
    expect(closedAt).toBeGreaterThan(0);

    // WeChat repeats itself: the payment notification again (through the HTTP notify route, and straight to the
    // settlement, racing) and the refund notification again. Nothing changes a second time.
    await notify(payment);
    const runtime = app.services.wechat;
    const transaction = {
      out_trade_no: payment.order_sn,
      trade_state: 'SUCCESS',
      transaction_id: 'replayed',
      amount: { total: payment.amount_cents },
    } as PayTransaction;
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => settleTransaction(runtime, transaction, clock)),
    );
    expect(new Set(replays)).toEqual(new Set(['already-paid']));
    const refundReplays = await Promise.all(
      Array.from({ length: 5 }, () =>
        settleRefund(runtime, { out_refund_no: refunds[0].out_refund_no, refund_status: 'SUCCESS' }),
      ),
    );
    expect(new Set(refundReplays)).toEqual(new Set(['unchanged']));
    expect(await refundsOfOrder(app.sql, payment.order_sn)).toHaveLength(1);
    expect(await shopOrder(sn)).toMatchObject({ state: 'refunded', closed_at: closedAt });
    expect((await paymentOrder(payment.order_sn)).status).toBe(2);
    // The other buyer's order and the stock are untouched.
    expect(await shopOrder(other.data.order_sn)).toMatchObject({ state: 'pending' });
    expect(await stockOf(id)).toBe(0);
  });

  it('a second payment of an order another payment already paid is refunded; the order stays paid', async () => {
    const id = await makeProduct({ stock: 3, price: 700 });
    const order = await buy(956, id);
    const sn = order.data.order_sn as string;
    const inWechat = await post('/v3/api/wechat/new_order/pay', { order_sn: sn, t_type: 'h5' }, user(956));
    const inBrowser = await post('/v3/api/wechat/new_order/pay', { order_sn: sn, t_type: 'wap' }, user(956));
    expect(inWechat.data.order_sn).not.toBe(inBrowser.data.order_sn);
    await notify(await paymentOrder(inWechat.data.order_sn));
    await notify(await paymentOrder(inBrowser.data.order_sn));
    expect((await paymentOrder(inWechat.data.order_sn)).status).toBe(1);
    expect((await paymentOrder(inBrowser.data.order_sn)).status).toBe(2);
    await vi.waitFor(
      async () =>
        expect(await refundsOfOrder(app.sql, inBrowser.data.order_sn)).toMatchObject([{ status: 'success' }]),
      { timeout: 10_000 },
    );
    expect(await refundsOfOrder(app.sql, inWechat.data.order_sn)).toHaveLength(0);
    expect(await shopOrder(sn)).toMatchObject({ state: 'paid' });
    expect(await stockOf(id)).toBe(2);
  });

  it('money arriving late for an expired order takes the stock again when some is left', async () => {
    const id = await makeProduct({ stock: 2, window: 10 });
    const order = await buy(953, id);
    const pay = await post(
      '/v3/api/wechat/new_order/pay',
      { order_sn: order.data.order_sn, t_type: 'wap' },
      user(953),
    );
    const payment = await paymentOrder(pay.data.order_sn);
    await payUnnoticed(payment);
    clock += 11_000;
    expect((await post('/v2/api/product/order/list', {}, user(953))).data.list[0].state).toBe('cancelled');
    expect(await stockOf(id)).toBe(2);
    expect((await comeBack(payment, 953)).data.order_status).toBe(1);
    const mine = await post('/v2/api/product/order/list', { order_sn: order.data.order_sn }, user(953));
    expect(mine.data.list[0]).toMatchObject({ state: 'paid', order_status: 1 });
    expect(await stockOf(id)).toBe(1);
  });

  it('an expired unpaid order is closed at WeChat Pay (both its payments): a pay page left open cannot pay it', async () => {
    const id = await makeProduct({ stock: 2, window: 10 });
    const order = await buy(954, id);
    const sn = order.data.order_sn as string;
    const inWechat = await post('/v3/api/wechat/new_order/pay', { order_sn: sn, t_type: 'h5' }, user(954));
    const inBrowser = await post('/v3/api/wechat/new_order/pay', { order_sn: sn, t_type: 'wap' }, user(954));
    const payments = [
      await paymentOrder(inWechat.data.order_sn),
      await paymentOrder(inBrowser.data.order_sn),
    ];
    expect(payments.map(atWechat)).toEqual(['NOTPAY', 'NOTPAY']);
    clock += 11_000;
    expect((await post('/v2/api/product/order/list', { order_sn: sn }, user(954))).data.list[0].state).toBe(
      'cancelled',
    );
    await vi.waitFor(() => expect(payments.map(atWechat)).toEqual(['CLOSED', 'CLOSED']));
    // The viewer taps pay on the page left open: WeChat refuses, no money moves, nothing to refund.
    expect(await emulatorPay(app, payments[1].order_sn)).toBe('fail');
    expect((await paymentOrder(payments[1].order_sn)).status).toBe(0);
    expect(await refundsOfOrder(app.sql, payments[1].order_sn)).toHaveLength(0);
    expect(await shopOrder(sn)).toMatchObject({ state: 'cancelled' });
    expect(await stockOf(id)).toBe(2);
  });
});

describe('addresses', { timeout: 120_000 }, () => {
  it('adds, edits, sets the default, deletes, and checks the region', async () => {
    const h = user(960);
    const bad = await post(
      '/v2/api/product/address/save',
      {
        name: '张三',
        phone: '13800001234',
        province: '浙江省',
        city: '杭州市',
        district: '朝阳区',
        detail: 'x',
      },
      h,
    );
    expect(bad.xcode).toBe(400);
    const empty = await post('/v2/api/product/address/save', { name: ' ', phone: '13800001234' }, h);
    expect(empty.msg).toBe('收货人不能为空！');
    const first = await address(960);
    const second = await post(
      '/v2/api/product/address/save',
      {
        name: '李四',
        phone: '13900001234',
        province: '北京市',
        city: '市辖区',
        district: '海淀区',
        detail: '中关村 2 号',
        is_default: true,
      },
      h,
    );
    expect(second.data.list[0]).toMatchObject({ id: second.data.id, is_default: true });
    expect(second.data.list.find((a: { id: number }) => a.id === first).is_default).toBe(false);
    const id = await makeProduct({ stock: 3 });
    const order = await buy(960, id);
    expect(order.data.address.text).toBe('浙江省杭州市西湖区文三路 1 号');
    const moved = await post(
      '/v2/api/product/order/address',
      { order_sn: order.data.order_sn, address_id: second.data.id },
      h,
    );
    expect(moved.data.address).toMatchObject({ name: '李四', text: '北京市海淀区中关村 2 号' });
    const someoneElse = await post(
      '/v2/api/product/order/address',
      { order_sn: order.data.order_sn, address_id: second.data.id },
      user(961),
    );
    expect(someoneElse.xcode).toBe(40506);
    const gone = await post('/v2/api/product/address/save', { id: first, delete: true }, h);
    expect(gone.data.list.map((a: { id: number }) => a.id)).toEqual([second.data.id]);
  });
});

describe('organiser', { timeout: 120_000 }, () => {
  it('ships paid orders with a tracking number and sees sales, only as an operator of the product organisation', async () => {
    const id = await makeProduct({ stock: 5, price: 1000 });
    const organisation = await organisationWithEvent(972, `test-${id}`);
    const order = await buy(970, id, 2);
    const pay = await post('/v3/api/wechat/new_order/pay', { order_sn: order.data.order_sn }, user(970));
    await notify(await paymentOrder(pay.data.order_sn));
    const denied = await post(
      '/v3/api/shop/order/ship',
      { order_sn: order.data.order_sn, tracking_no: 'SF1' },
      user(971),
    );
    expect(denied.xcode).toBe(40507);
    // A data viewer of the organisation downloads its data but does not run its shop.
    await setMember(app.sql, organisation, USER_BASE + 971, 'data_viewer', clock);
    const viewerOnly = await post(
      '/v3/api/shop/order/ship',
      { order_sn: order.data.order_sn, tracking_no: 'SF1' },
      user(971),
    );
    expect(viewerOnly.xcode).toBe(40507);
    await setMember(app.sql, organisation, USER_BASE + 971, 'operator', clock);
    const shipped = await post(
      '/v3/api/shop/order/ship',
      { order_sn: order.data.order_sn, tracking_no: 'SF1' },
      user(971),
    );
    expect(shipped.data).toMatchObject({ state: 'shipped', tracking_no: 'SF1' });
    const readdress = await post(
      '/v2/api/product/order/address',
      { order_sn: order.data.order_sn, address_id: await address(970) },
      user(970),
    );
    expect(readdress.xcode).toBe(40505);
    const sales = await get(`/v3/api/shop/sales?token=test-${id}`, user(971));
    expect(sales.data).toMatchObject({
      revenue_cents: 2000,
      list: [{ product_id: id, stock: 3, orders: { shipped: 1 } }],
    });
  });

  it('reviews a pending sign-up only as staff of the contest organisation whose role reviews', async () => {
    const denied = await post(
      '/v3/api/vote/sign_up/review',
      { sign_up_id: 1, decision: 'approved' },
      user(980),
    );
    expect(denied.xcode).toBe(40507);
    await setMember(app.sql, ORGANISATION_SEED.demo, USER_BASE + 980, 'operator', clock);
    const none = await post(
      '/v3/api/vote/sign_up/review',
      { sign_up_id: 99999, decision: 'approved' },
      user(980),
    );
    expect(none.xcode).toBe(404);
  });
});

describe('checkouts, any crowd of buyers and retries (property)', { timeout: 180_000 }, () => {
  it('never sell stock that is not there nor past the limit per person, and count each key once', async () => {
    const BUYERS = [1200, 1201, 1202, 1203];
    for (const n of BUYERS) await address(n);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          stock: fc.integer({ min: 0, max: 10 }),
          limit: fc.integer({ min: 0, max: 4 }),
          saves: fc.array(fc.record({ buyer: fc.nat(3), key: fc.nat(5) }), { minLength: 1, maxLength: 20 }),
        }),
        async ({ stock, limit, saves }) => {
          const id = await makeProduct({ stock, limit });
          // A key always asks for the same quantity; the same buyer's key again is a retry.
          const quantityOf = (key: number) => 1 + (key % 3);
          const answers = await Promise.all(
            saves.map(({ buyer, key }) => buy(BUYERS[buyer], id, quantityOf(key), `prop-${id}-${key}`)),
          );
          const orders = await app.sql
            .selectFrom('shop_orders')
            .select(['user_id', 'quantity', 'idempotency_key', 'order_sn'])
            .where('product_id', '=', id)
            .execute();
          const left = await stockOf(id);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left + orders.reduce((sum, order) => sum + order.quantity, 0)).toBe(stock);
          const held = (buyer: number) =>
            orders
              .filter((order) => order.user_id === USER_BASE + buyer)
              .reduce((sum, order) => sum + order.quantity, 0);
          if (limit > 0) for (const buyer of BUYERS) expect(held(buyer)).toBeLessThanOrEqual(limit);
          // One order per key of a buyer; every answer to that key is that order.
          const orderOf = new Map(
            orders.map((order) => [`${order.user_id}:${order.idempotency_key}`, order]),
          );
          expect(orderOf.size).toBe(orders.length);
          saves.forEach(({ buyer, key }, index) => {
            const answer = answers[index];
            const order = orderOf.get(`${USER_BASE + BUYERS[buyer]}:prop-${id}-${key}`);
            if (answer.xcode === 200) {
              expect(answer.data.order_sn).toBe(order?.order_sn);
              return;
            }
            // A refusal is true at the end too (stock only went down, holdings only up).
            expect(order).toBeUndefined();
            if (answer.xcode === SHOP_XCODE.soldOut) expect(left).toBeLessThan(quantityOf(key));
            else {
              expect(answer.xcode).toBe(SHOP_XCODE.overLimit);
              expect(held(BUYERS[buyer]) + quantityOf(key)).toBeGreaterThan(limit);
            }
          });
        },
      ),
      { numRuns: 20 },
    );
  });
});
