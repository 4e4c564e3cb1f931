/**
 * Item 13: leaks. The invite call answered 404 for an unknown inviter and 200 for a known one, so user ids could be
 * enumerated; and anyone could read who grabbed a red packet and how much. Now the invite call answers the same way
 * whether or not the id is a user, and a red packet's grab list shows amounts only to the sender and to each grabber
 * for their own line, masked names without amounts or ids to everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorPay } from '../wechat/emulator.ts';
import { call, newViewer, testServer, type App } from './test-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await testServer({ mode: 'test' });
}, 60_000);
afterAll(() => app.close());

const invite = async (event: string, inviteId: number, viewer: { token: string }) => {
  const response = await call(app, {
    method: 'POST',
    url: '/v3/api/video/invite/sog',
    payload: { token: event, invite_id: inviteId },
    token: viewer.token,
  });
  return { status: response.statusCode, body: response.json() };
};

describe('the invite call does not tell which user ids exist', () => {
  it('answers an unknown inviter exactly as a known one, and records nothing for it', async () => {
    const known = await newViewer(app, 'inviter');
    const unknownId = known.userId + 100_000;
    const first = await newViewer(app, 'guest');
    const second = await newViewer(app, 'guest');
    const toKnown = await invite('vod', known.userId, first);
    const toUnknown = await invite('vod', unknownId, second);
    expect(toUnknown).toEqual(toKnown);
    expect(toUnknown).toEqual({ status: 200, body: { xcode: 200, msg: 'ok', data: { recorded: true } } });
    // Once a viewer is counted, both answer "already counted".
    expect(await invite('vod', unknownId, first)).toEqual(await invite('vod', known.userId, first));
    expect(
      await app.sql.selectFrom('invitations').selectAll().where('inviter_id', '=', unknownId).execute(),
    ).toEqual([]);
  });
});

describe('red-packet grab lists', () => {
  it('show amounts to the sender and to each grabber for their own line; masked names to everyone else', async () => {
    const sender = await newViewer(app, 'sender');
    const grabbers = [await newViewer(app, '张三丰'), await newViewer(app, 'grabber')];
    const stranger = await newViewer(app, 'stranger');
    for (const viewer of [sender, ...grabbers, stranger])
      await app.sql
        .updateTable('users')
        .set({ openid: `o-leak-${viewer.userId}` })
        .where('id', '=', viewer.userId)
        .execute();
    const sent = await call(app, {
      method: 'POST',
      url: '/v3/api/wechat/redpack/send',
      payload: { token: 'chat-demo', amount: 300, count: 3 },
      token: sender.token,
    });
    const orderSn = sent.json().data.order_sn as string;
    expect(await emulatorPay(app, orderSn)).toBe('ok');
    const { ref_id: id } = await app.sql
      .selectFrom('orders')
      .select('ref_id')
      .where('order_sn', '=', orderSn)
      .executeTakeFirstOrThrow();
    const amounts: number[] = [];
    for (const grabber of grabbers) {
      const grabbed = await call(app, {
        method: 'GET',
        url: `/v3/api/wechat/redpack/get?id=${id}`,
        token: grabber.token,
      });
      amounts.push(grabbed.json().data.amount);
    }
    const check = async (viewer?: { token: string }) =>
      (
        await call(app, { method: 'GET', url: `/v3/api/wechat/redpack/check?id=${id}`, token: viewer?.token })
      ).json().data;
    const names = grabbers.map(
      (grabber) => `${grabber === grabbers[0] ? '张三丰' : 'grabber'}-${grabber.userId}`,
    );

    // The sender sees every line.
    expect((await check(sender)).grabs).toEqual(
      grabbers.map((grabber, index) => ({
        user_id: grabber.userId,
        nickname: names[index],
        amount: amounts[index],
        grabbed_at: expect.any(Number),
      })),
    );
    // A grabber sees their own line whole, the others masked without amount or id.
    const mine = await check(grabbers[1]);
    expect(mine.mine).toBe(amounts[1]);
    expect(mine.grabs).toEqual([
      {
        nickname: `张${'*'.repeat([...names[0]].length - 2)}${names[0].at(-1)}`,
        grabbed_at: expect.any(Number),
      },
      { user_id: grabbers[1].userId, nickname: names[1], amount: amounts[1], grabbed_at: expect.any(Number) },
    ]);
    // Anyone else, logged in or not: masked names only.
    for (const viewer of [stranger, undefined]) {
      const seen = await check(viewer);
      expect(seen.mine).toBe(0);
      for (const line of seen.grabs) {
        expect(Object.keys(line).sort()).toEqual(['grabbed_at', 'nickname']);
        expect(names).not.toContain(line.nickname);
        expect(line.nickname).toMatch(/\*/);
      }
    }
  });
});
