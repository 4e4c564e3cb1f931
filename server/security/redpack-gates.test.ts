/**
 * Red packets and the event's gates: a viewer who may not watch an event (no password for a password event, unpaid
 * for a paid one, no information form where it is required) could still send a red packet there (an order, then a
 * line in the gated chat) and grab the packets announced in it. Both now answer the chat's refusal (xcode 40320, in
 * the request's locale); viewers past the gate and the event's organisers (owners and operators of its
 * organisation) go on as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { GATED } from '../realtime.ts';
import { createPacket, openPacket } from '../red-packets/packets.ts';
import { ORGANISATION_SEED } from '../seed/organisations.ts';
import { call, newViewer, testServer, type App } from './test-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await testServer({ mode: 'test' });
}, 60_000);
afterAll(() => app.close());

const GATED_EVENTS = ['secret-e2e', 'paid-e2e', 'info-e2e'] as const;

/** An open packet of `count` shares in the event, sent by its organiser (user 1) and paid. */
async function openPacketIn(token: string, count = 5): Promise<number> {
  const event = await app.sql
    .selectFrom('events')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  const id = await createPacket(
    app.sql,
    { eventId: event.id, senderId: 1, totalCents: count * 10, count, greeting: 'gates' },
    app.now(),
  );
  await openPacket(app.sql, id, app.now());
  return id;
}

const send = (token: string, viewer: string, locale = 'zh-CN') =>
  call(app, {
    method: 'POST',
    url: `/v3/api/wechat/redpack/send?locale=${locale}`,
    payload: { token, amount: 100, count: 2, t_type: 'wap', idempotency_key: `gates-${token}-${locale}` },
    token: viewer,
  }).then((answer) => answer.json());

const grab = (id: number, viewer: string, locale = 'zh-CN') =>
  call(app, { url: `/v3/api/wechat/redpack/get?id=${id}&locale=${locale}`, token: viewer }).then((answer) =>
    answer.json(),
  );

describe('red packets in gated events', () => {
  it.each(GATED_EVENTS)(
    'refuses a viewer who may not watch %s sending one, with the chat’s refusal',
    async (token) => {
      const viewer = await newViewer(app, 'outsider');
      expect(await send(token, viewer.token)).toEqual({
        xcode: GATED.xcode,
        msg: GATED.texts['zh-CN'],
        data: null,
      });
      expect(await send(token, viewer.token, 'en')).toEqual({
        xcode: GATED.xcode,
        msg: GATED.texts.en,
        data: null,
      });
      // No order was made for it.
      const orders = await app.sql
        .selectFrom('red_packets')
        .select('id')
        .where('sender_id', '=', viewer.userId)
        .execute();
      expect(orders).toEqual([]);
    },
  );

  it.each(GATED_EVENTS)(
    'refuses a viewer who may not watch %s grabbing one, and leaves the shares',
    async (token) => {
      const id = await openPacketIn(token);
      const viewer = await newViewer(app, 'outsider');
      expect(await grab(id, viewer.token)).toEqual({
        xcode: GATED.xcode,
        msg: GATED.texts['zh-CN'],
        data: null,
      });
      expect(await grab(id, viewer.token, 'en')).toEqual({
        xcode: GATED.xcode,
        msg: GATED.texts.en,
        data: null,
      });
      const taken = await app.sql
        .selectFrom('red_packet_shares')
        .select('seq')
        .where('packet_id', '=', id)
        .where('user_id', 'is not', null)
        .execute();
      expect(taken).toEqual([]);
    },
  );

  it('lets a viewer past the gate (the password) send and grab, as before', async () => {
    const viewer = await newViewer(app, 'insider');
    const unlocked = await call(app, {
      method: 'POST',
      url: '/v3/api/video/password_show',
      payload: { token: 'secret-e2e', password: '1234' },
      token: viewer.token,
    });
    expect(unlocked.json()).toMatchObject({ xcode: 200 });
    const sent = await send('secret-e2e', viewer.token);
    expect(sent).toMatchObject({ xcode: 200, data: { order_sn: expect.any(String) } });
    const id = await openPacketIn('secret-e2e');
    expect(await grab(id, viewer.token)).toMatchObject({
      xcode: 200,
      data: { id, amount: expect.any(Number) },
    });
  });

  it("lets the event's organisers (owners and operators of its organisation) send and grab, not its check-in staff", async () => {
    const session = (userId: number) => startSession(app.sql, userId, app.now());
    const operator = await session(ORGANISATION_SEED.operator);
    const id = await openPacketIn('paid-e2e');
    expect(await grab(id, operator)).toMatchObject({ xcode: 200, data: { id, amount: expect.any(Number) } });
    expect(await send('paid-e2e', operator)).toMatchObject({
      xcode: 200,
      data: { order_sn: expect.any(String) },
    });
    expect(await grab(id, await session(ORGANISATION_SEED.checkInStaff))).toMatchObject({
      xcode: GATED.xcode,
    });
  });

  it('lets the viewer of an event without gates grab, and answers an unknown packet as before', async () => {
    const viewer = await newViewer(app, 'anyone');
    const id = await openPacketIn('demo');
    expect(await grab(id, viewer.token)).toMatchObject({
      xcode: 200,
      data: { id, amount: expect.any(Number) },
    });
    expect(await grab(987_654, viewer.token)).toMatchObject({ xcode: 404, data: null });
  });
});
