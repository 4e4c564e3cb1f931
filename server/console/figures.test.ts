/**
 * The console's figures of an event, counted from what viewers did through the real paths: sockets in the room (the
 * audience now, watch time on leaving, the minute's sample), chat lines, a paid gift and tip, a paid red packet and a
 * grab, a free and a paid vote, a paid ticket; each figure exact. The Excel download holds the same figures. Roles:
 * data viewers, operators and owners read, another organisation's staff is refused (here and in
 * server/security/organisations.test.ts).
 */
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { createOrganisation, setMember } from '../organisations/members.ts';
import { call, newViewer, testServer, type App } from '../security/test-helpers.ts';
import { emulatorPay } from '../wechat/emulator.ts';

let clock = Date.UTC(2026, 5, 1, 12, 0, 30);
let app: App;
let origin: string;
let owner: string;
let operator: string;
let dataViewer: string;
let checkInStaff: string;
let outsider: string;
let eventId: number;
let eventToken: string;
const viewers: { userId: number; token: string }[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await testServer({ now: () => clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const made = await newViewer(app, 'figures-owner');
  owner = made.token;
  const organisation = await createOrganisation(app.sql, { name: '数据', ownerId: made.userId, now: clock });
  const roles = { operator: '', data_viewer: '', check_in_staff: '' };
  for (const role of ['operator', 'data_viewer', 'check_in_staff'] as const) {
    const staff = await newViewer(app, `figures-${role}`);
    await setMember(app.sql, organisation, staff.userId, role, clock);
    roles[role] = staff.token;
  }
  ({ operator, data_viewer: dataViewer, check_in_staff: checkInStaff } = roles);
  const other = await newViewer(app, 'figures-outsider');
  await createOrganisation(app.sql, { name: '别家', ownerId: other.userId, now: clock });
  outsider = other.token;
  const created = await call(app, {
    method: 'POST',
    url: '/v3/api/console/event/create',
    payload: { organisation_id: organisation, event: { title: '数据', start_time: 1_900_000_000 } },
    token: owner,
  });
  eventId = created.json().data.id;
  eventToken = (
    await app.sql.selectFrom('events').select('token').where('id', '=', eventId).executeTakeFirstOrThrow()
  ).token;
  // Paying inside WeChat (JSAPI) needs the viewer's WeChat openid.
  for (const index of [1, 2]) {
    const userId = 8800 + index;
    await app.sql
      .insertInto('users')
      .values({ id: userId, nickname: `viewer ${index}`, openid: `o-figures-${index}`, created_at: clock })
      .execute();
    viewers.push({ userId, token: await startSession(app.sql, userId, clock) });
  }
}, 60_000);
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await app?.close();
});

const figures = (token = owner, id = eventId) =>
  call(app, { method: 'GET', url: `/v3/api/console/figures?id=${id}&locale=en`, token }).then((r) =>
    r.json(),
  );
const post = (url: string, payload: object, token: string) =>
  call(app, { method: 'POST', url, payload, token }).then((r) => r.json());
const pay = async (orderSn: string) => expect(await emulatorPay(app, orderSn)).toBe('ok');

function joinRoom(token?: string): Promise<Socket> {
  const socket = connect(origin, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) =>
    socket.emit('join', { token: eventToken }, (answer: { ok: boolean; msg?: string }) =>
      answer.ok ? resolve(socket) : reject(new Error(answer.msg)),
    ),
  );
}

describe('the console figures of an event', { timeout: 60_000 }, () => {
  it('start at zero for a new event', async () => {
    const answer = await figures();
    expect(answer.xcode).toBe(200);
    expect(answer.data).toMatchObject({
      event_id: eventId,
      token: eventToken,
      at: Math.floor(clock / 1000),
      viewers_now: 0,
      peak_viewers: 0,
      viewers_per_minute: [],
      watch: { total_seconds: 0, viewers: 0, per_viewer_seconds: 0 },
      chat: { lines: 0, senders: 0, per_minute: [] },
      revenue: { tickets: 0, gifts: 0, tips: 0, paid_votes: 0, shop: 0, total: 0 },
    });
  });

  it('count what viewers did, exactly', async () => {
    // Two viewers in the room: one logged in, one anonymous.
    const watcher = await joinRoom(viewers[0].token);
    await joinRoom();
    await expect.poll(async () => (await figures()).data.viewers_now, { timeout: 5_000 }).toBe(2);
    // The node's sampler writes this minute's audience within its check period.
    await expect
      .poll(async () => (await figures()).data.viewers_per_minute, { timeout: 20_000, interval: 500 })
      .toEqual([{ minute: Math.floor(clock / 60_000) * 60, value: 2 }]);

    // Chat: two lines this minute, one the next.
    for (const [content, viewer] of [
      ['one', viewers[0]],
      ['two', viewers[1]],
    ] as const)
      expect((await post('/v3/api/chat/save/msg', { token: eventToken, content }, viewer.token)).xcode).toBe(
        200,
      );
    clock += 60_000;
    expect(
      (await post('/v3/api/chat/save/msg', { token: eventToken, content: 'three' }, viewers[0].token)).xcode,
    ).toBe(200);

    // A gift of two coffees (8.80 each) and a tip of 3.21, paid; an unpaid tip counts nothing.
    const gift = await post(
      '/v3/api/wechat/video/reward',
      { token: eventToken, gift_id: 3, count: 2, idempotency_key: 'figures-gift' },
      viewers[0].token,
    );
    await pay(gift.data.order_sn);
    const tip = await post(
      '/v3/api/wechat/video/reward',
      { token: eventToken, amount: 321 },
      viewers[1].token,
    );
    await pay(tip.data.order_sn);
    await post('/v3/api/wechat/video/reward', { token: eventToken, amount: 999 }, viewers[1].token);

    // A red packet of 1.00 in 3 shares, paid; one share grabbed.
    const packet = await post(
      '/v3/api/wechat/redpack/send',
      { token: eventToken, amount: 100, count: 3 },
      viewers[1].token,
    );
    await pay(packet.data.order_sn);
    const packetId = (
      await app.sql
        .selectFrom('orders')
        .select('ref_id')
        .where('order_sn', '=', packet.data.order_sn)
        .executeTakeFirstOrThrow()
    ).ref_id;
    const grab = await call(app, {
      method: 'GET',
      url: `/v3/api/wechat/redpack/get?id=${packetId}`,
      token: viewers[0].token,
    });
    expect(grab.json().xcode).toBe(200);
    const grabbed = await app.sql
      .selectFrom('red_packet_shares')
      .select('amount_cents')
      .where('packet_id', '=', packetId)
      .where('user_id', '=', viewers[0].userId)
      .executeTakeFirstOrThrow();

    // The event's contest: one free vote, two paid votes (0.50 each).
    const contest = await app.sql
      .insertInto('contests')
      .values({
        event_id: eventId,
        title: '数据评选',
        // Unix seconds.
        starts_at: Math.floor(clock / 1000) - 86_400,
        ends_at: Math.floor(clock / 1000) + 86_400,
        vote_price_cents: 50,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const player = await app.sql
      .insertInto('players')
      .values({ contest_id: Number(contest.id), number: 1, name: '选手' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const vote = { vote_id: Number(contest.id), player_id: Number(player.id) };
    expect(
      (
        await post(
          '/v3/api/vote/user/vote',
          { ...vote, idempotency_key: 'figures-free-vote' },
          viewers[0].token,
        )
      ).xcode,
    ).toBe(200);
    const paidVotes = await post(
      '/v2/api/wechat/vote/user/order',
      { ...vote, count: 2, t_type: 'h5', idempotency_key: 'figures-paid-vote' },
      viewers[1].token,
    );
    await pay(paidVotes.data.order_sn);

    // The event charges 2.00 from now on: a ticket, paid.
    await app.sql.updateTable('events').set({ price_cents: 200 }).where('id', '=', eventId).execute();
    const ticket = await post(
      '/v3/api/wechat/video/pay',
      { token: eventToken, t_type: 'h5' },
      viewers[1].token,
    );
    await pay(ticket.data.order_sn);

    // The logged-in viewer leaves after 90 s in the room: watch time.
    clock += 30_000;
    watcher.close();
    await expect.poll(async () => (await figures()).data.watch.total_seconds, { timeout: 5_000 }).toBe(90);

    // The anonymous viewer stays (the clock's jump outlived the node's part of the room until its next heartbeat).
    await expect.poll(async () => (await figures()).data.viewers_now, { timeout: 10_000 }).toBe(1);
    const answer = (await figures(dataViewer)).data;
    const minute = Math.floor((clock - 90_000) / 60_000) * 60;
    expect(answer).toMatchObject({
      viewers_now: 1,
      peak_viewers: 2,
      watch: { total_seconds: 90, viewers: 1, per_viewer_seconds: 90 },
      chat: {
        lines: 3,
        senders: 2,
        per_minute: [
          { minute, value: 2 },
          { minute: minute + 60, value: 1 },
        ],
      },
      gifts: { count: 1, items: 2, cents: 1760 },
      tips: { count: 1, cents: 321 },
      red_packets: {
        sent: 1,
        cents: 100,
        shares_grabbed: 1,
        grabbed_cents: grabbed.amount_cents,
        refunded_cents: 0,
      },
      votes: { total: 3, free: 1, paid: 2 },
      revenue: { tickets: 200, gifts: 1760, tips: 321, paid_votes: 100, shop: 0, total: 2381 },
    });
    expect(answer.viewers_per_minute[0]).toEqual({ minute, value: 2 });
  });

  it('download as Excel with the same figures', async () => {
    const response = await call(app, {
      method: 'GET',
      url: `/v3/api/download/figures?token=${eventToken}`,
      token: dataViewer,
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = new Map<string, unknown>();
    workbook.worksheets[0].eachRow((row) => rows.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(rows.get('聊天条数')).toBe(3);
    expect(rows.get('观众峰值')).toBe(2);
    expect(rows.get('礼物金额(元)')).toBe(17.6);
    expect(rows.get('收入合计(元)')).toBe(23.81);
    expect(rows.get('投票(票)')).toBe(3);
  });

  it('show to owners, operators and data viewers only', async () => {
    for (const token of [owner, operator, dataViewer]) expect((await figures(token)).xcode).toBe(200);
    for (const token of [checkInStaff, outsider, viewers[0].token])
      expect(await figures(token)).toMatchObject({
        xcode: 403,
        msg: "No permission to see this organiser's events",
        data: null,
      });
    // A missing event is refused alike.
    expect((await figures(owner, 999_999)).xcode).toBe(403);
    const download = await call(app, {
      method: 'GET',
      url: `/v3/api/download/figures?token=${eventToken}`,
      token: outsider,
    });
    expect(download.json()).toMatchObject({ code: 400, data: null });
  });
});
