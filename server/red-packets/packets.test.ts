import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import type { Order } from '../wechat/orders';
import { emulatorPay } from '../wechat/emulator';
import { expirePackets, RED_PACKET_MESSAGES, RED_PACKET_TTL_MS } from './packets';

let app: Awaited<ReturnType<typeof buildServer>>;
const EVENT = 'redpack-test';

/** Viewer ids 1000.. with their sessions. */
const viewers: { id: number; auth: Record<string, string> }[] = [];

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test' });
  await app.sql
    .insertInto('events')
    .values({ token: EVENT, owner_id: 1, title: 'red packet test event' })
    .execute();
  const ids = Array.from({ length: 210 }, (_, index) => 1000 + index);
  await app.sql
    .insertInto('users')
    .values(
      // Paying inside WeChat (JSAPI) needs the viewer's WeChat openid.
      ids.map((id, index) => ({
        id,
        email: `grabber${index}@test`,
        nickname: `grabber ${index}`,
        openid: `o-test-${id}`,
        created_at: 0,
      })),
    )
    .execute();
  for (const id of ids)
    viewers.push({ id, auth: { authorization: `Bearer ${await startSession(app.sql, id, app.now())}` } });
}, 60_000);
afterAll(() => app.close());

const inject = (url: string, auth: Record<string, string>, payload?: object) =>
  app.inject({ method: payload ? 'POST' : 'GET', url, payload, headers: auth });

/** Sends and pays a packet through the real order and notification path; answers its id. */
async function paidPacket(amount: number, count: number, sender = viewers[0]): Promise<number> {
  const answer = (
    await inject('/v3/api/wechat/redpack/send', sender.auth, { token: EVENT, amount, count })
  ).json();
  expect(answer.xcode).toBe(200);
  const order = await orderBySn(answer.data.order_sn);
  expect(order).toMatchObject({ kind: 'redpack', amount_cents: amount, status: 0 });
  const notified = await emulatorPay(app, order.order_sn);
  expect(notified).toBe('ok');
  return order.ref_id;
}

const orderBySn = async (sn: string) =>
  (await app.sql
    .selectFrom('orders')
    .selectAll()
    .where('order_sn', '=', sn)
    .executeTakeFirstOrThrow()) as Order;
const packetRow = (id: number) =>
  app.sql.selectFrom('red_packets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const shares = (id: number) =>
  app.sql
    .selectFrom('red_packet_shares')
    .select(['user_id', 'amount_cents'])
    .where('packet_id', '=', id)
    .execute();

const grab = (id: number, viewer: (typeof viewers)[number]) =>
  inject(`/v3/api/wechat/redpack/get?id=${id}`, viewer.auth).then((response) => response.json());
const check = (id: number, viewer = viewers[0]) =>
  inject(`/v3/api/wechat/redpack/check?id=${id}`, viewer.auth).then((response) => response.json().data);

describe('red packets', () => {
  it('cannot be grabbed before payment; payment splits it and announces it in the chat', async () => {
    const answer = (
      await inject('/v3/api/wechat/redpack/send', viewers[0].auth, { token: EVENT, amount: 100, count: 3 })
    ).json();
    const order = await orderBySn(answer.data.order_sn);
    expect((await grab(order.ref_id, viewers[1])).msg).toBe(RED_PACKET_MESSAGES.notFound['zh-CN']);
    expect((await check(order.ref_id)).status).toBe('unpaid');

    const id = await paidPacket(100, 3);
    expect(await check(id)).toMatchObject({ status: 'open', total: 100, count: 3, remaining_count: 3 });
    const history = (await inject('/v3/api/chat/get/msg', viewers[0].auth, { token: EVENT })).json().data
      .list;
    expect(history.at(-1)).toMatchObject({ kind: 'redpack', packet_id: id, amount: 100, gift_count: 3 });
  });

  it('200 concurrent grabs on a 50-share packet: exactly 50 succeed, the sum is exact, nobody twice', async () => {
    const id = await paidPacket(5000, 50);
    const answers = await Promise.all(viewers.slice(0, 200).map((viewer) => grab(id, viewer)));
    const won = answers.filter((answer) => answer.xcode === 200);
    expect(won).toHaveLength(50);
    expect(won.reduce((sum, answer) => sum + answer.data.amount, 0)).toBe(5000);
    expect(won.every((answer) => answer.data.amount >= 10)).toBe(true);
    expect(new Set(answers.filter((answer) => answer.xcode !== 200).map((answer) => answer.msg))).toEqual(
      new Set([RED_PACKET_MESSAGES.allGrabbed['zh-CN']]),
    );
    const rows = await shares(id);
    expect(rows.every((row) => row.user_id !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.user_id)).size).toBe(50);
    expect(await check(id)).toMatchObject({ status: 'finished', remaining_count: 0 });
  });

  it('the same viewer grabbing many times at once gets one share', async () => {
    const id = await paidPacket(1000, 10);
    const answers = await Promise.all(Array.from({ length: 20 }, () => grab(id, viewers[5])));
    expect(answers.filter((answer) => answer.xcode === 200)).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.msg === RED_PACKET_MESSAGES.alreadyGrabbed['zh-CN']),
    ).toHaveLength(19);
    const state = await check(id, viewers[5]);
    expect(state.remaining_count).toBe(9);
    expect(state.mine).toBe(answers.find((answer) => answer.xcode === 200).data.amount);
  });

  it('a repeated payment notification does not split the packet twice', async () => {
    const id = await paidPacket(300, 3);
    const order = await app.sql
      .selectFrom('orders')
      .select('order_sn')
      .where('kind', '=', 'redpack')
      .where('ref_id', '=', id)
      .executeTakeFirstOrThrow();
    await emulatorPay(app, order.order_sn);
    expect(await shares(id)).toHaveLength(3);
  });

  it('expires and refunds exactly the unclaimed rest', async () => {
    const id = await paidPacket(1000, 4);
    const first = await grab(id, viewers[7]);
    const paidAt = Number((await packetRow(id)).paid_at);
    await expirePackets(app.sql, paidAt + RED_PACKET_TTL_MS - 1);
    expect((await packetRow(id)).status).toBe(1);
    expect(await expirePackets(app.sql, paidAt + RED_PACKET_TTL_MS)).toBeGreaterThanOrEqual(1);
    expect(await packetRow(id)).toMatchObject({ status: 3, refunded_cents: 1000 - first.data.amount });
    expect((await grab(id, viewers[8])).msg).toBe(RED_PACKET_MESSAGES.expired['zh-CN']);
  });

  it('20 concurrent sends with one key make one packet and one order, answered alike', async () => {
    const sender = viewers[5];
    const body = { token: EVENT, amount: 300, count: 3, idempotency_key: 'same-send-key' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        inject('/v3/api/wechat/redpack/send', sender.auth, body).then((response) => response.json()),
      ),
    );
    expect(answers.every((answer) => answer.xcode === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.data.order_sn)).size).toBe(1);
    const packets = await app.sql
      .selectFrom('red_packets')
      .select('id')
      .where('sender_id', '=', sender.id)
      .execute();
    expect(packets).toHaveLength(1);
    const order = await orderBySn(answers[0].data.order_sn);
    expect(order).toMatchObject({ ref_id: packets[0].id, user_id: sender.id, amount_cents: 300 });
    expect(await emulatorPay(app, order.order_sn)).toBe('ok');
    expect(await packetRow(packets[0].id)).toMatchObject({ status: 1, share_count: 3 });
  });

  it('refuses impossible packets with clear messages', async () => {
    const send = (body: object) =>
      inject('/v3/api/wechat/redpack/send', viewers[0].auth, { token: EVENT, ...body }).then((r) => r.json());
    expect((await send({ amount: 29, count: 3 })).msg).toBe('每个红包至少 0.10 元');
    const english = await app.inject({
      method: 'POST',
      url: '/v3/api/wechat/redpack/send?locale=en',
      payload: { token: EVENT, amount: 29, count: 3 },
      headers: viewers[0].auth,
    });
    expect(english.json().msg).toBe('Each share needs at least 0.10');
    expect((await send({ amount: 100, count: 0 })).xcode).toBe(400);
    expect((await send({ amount: 100.5, count: 1 })).xcode).toBe(400);
    expect((await inject('/v3/api/wechat/redpack/get?id=1', {})).json().xcode).toBe(401);
  });
});

describe('red packets, any split and any crowd (property)', () => {
  it('never hand out more than the packet, never a share twice, and the shares sum to the amount', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }).chain((count) =>
          fc.record({
            count: fc.constant(count),
            amount: fc.integer({ min: count * 10, max: count * 500 }),
            grabbers: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 25 }),
          }),
        ),
        async ({ count, amount, grabbers }) => {
          const id = await paidPacket(amount, count);
          const answers = await Promise.all(grabbers.map((n) => grab(id, viewers[n])));
          const won = new Map<number, number>();
          answers.forEach((answer, index) => {
            if (answer.xcode !== 200) return;
            const viewer = viewers[grabbers[index]].id;
            expect(won.has(viewer)).toBe(false);
            won.set(viewer, answer.data.amount);
          });
          expect(won.size).toBe(Math.min(count, new Set(grabbers).size));
          const rows = await shares(id);
          const claimed = rows.filter((row) => row.user_id !== null);
          expect(new Map(claimed.map((row) => [row.user_id, row.amount_cents]))).toEqual(won);
          expect(rows.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(amount);
          const allClaimed = claimed.length === count;
          expect((await packetRow(id)).status).toBe(allClaimed ? 2 : 1);
          answers.forEach((answer, index) => {
            if (answer.xcode === 200) return;
            expect(answer.xcode).toBe(400);
            if (answer.msg === RED_PACKET_MESSAGES.alreadyGrabbed['zh-CN'])
              expect(won.has(viewers[grabbers[index]].id)).toBe(true);
            else expect([answer.msg, allClaimed]).toEqual([RED_PACKET_MESSAGES.allGrabbed['zh-CN'], true]);
          });
        },
      ),
      { numRuns: 15 },
    );
  }, 180_000);
});
