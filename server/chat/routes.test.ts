import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import { createOrganisation } from '../organisations/members';
import type { Order } from '../wechat/orders';
import { emulatorPay } from '../wechat/emulator';
import { CHAT_LIMITS } from './routes';

let app: Awaited<ReturnType<typeof buildServer>>;
const EVENT = 'chat-test';
let owner: Record<string, string>;
const viewer: Record<string, string>[] = [];

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test' });
  await app.sql
    .insertInto('users')
    .values(
      // Paying inside WeChat (JSAPI) needs the viewer's WeChat openid.
      [0, 1, 2, 3, 4].map((index) => ({
        id: 700 + index,
        email: index ? `viewer${index}@chat.test` : 'owner@chat.test',
        nickname: index ? `viewer ${index}` : 'host',
        openid: `o-test-${700 + index}`,
        created_at: 0,
      })),
    )
    .execute();
  // The host's organisation owns the event: its owner moderates the chat.
  const organisation = await createOrganisation(app.sql, { name: 'host', ownerId: 700, now: app.now() });
  await app.sql
    .insertInto('events')
    .values({ token: EVENT, owner_id: 700, organisation_id: organisation, title: 'chat test' })
    .execute();
  owner = { authorization: `Bearer ${await startSession(app.sql, 700, app.now())}` };
  for (let index = 1; index <= 4; index++)
    viewer[index] = { authorization: `Bearer ${await startSession(app.sql, 700 + index, app.now())}` };
});
afterAll(() => app.close());

// English answers unless a test asks for another language (the default is zh-CN).
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app
    .inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en', ...headers } })
    .then((response) => response.json());
const send = (content: string, headers = viewer[1]) =>
  post('/v3/api/chat/save/msg', { token: EVENT, content }, headers);
const history = (body: object = {}, headers: Record<string, string> = {}) =>
  post('/v3/api/chat/get/msg', { token: EVENT, ...body }, headers).then((answer) => answer.data);

describe('chat', () => {
  it('stores a line as plain text with the sender', async () => {
    const answer = await send('  <img src=x onerror=alert(1)> hello  ');
    expect(answer).toMatchObject({ xcode: 200, data: { kind: 'text', user_id: 701, nickname: 'viewer 1' } });
    expect(answer.data.content).toBe('<img src=x onerror=alert(1)> hello');
    expect((await history()).list.at(-1).id).toBe(answer.data.id);
  });

  it("refuses empty, blank and too long lines and anonymous senders, with the spec's message", async () => {
    expect(await send('')).toMatchObject({ xcode: 400, msg: 'chat content cannot be empty' });
    expect(await send(' \n\t ', viewer[2])).toMatchObject({ msg: 'chat content cannot be empty' });
    expect((await send('字'.repeat(CHAT_LIMITS.maxLength + 1), viewer[2])).msg).toMatch(
      /at most 200 characters/,
    );
    expect((await send('字'.repeat(CHAT_LIMITS.maxLength), viewer[2])).xcode).toBe(200);
    expect((await send('hi', {})).xcode).toBe(401);
    expect((await post('/v3/api/chat/save/msg', { token: 'nope', content: 'hi' }, viewer[2])).xcode).toBe(
      404,
    );
  });

  it("refuses in the viewer's language, zh-CN by default", async () => {
    const chinese = { ...viewer[2], 'accept-language': 'zh-CN' };
    expect(await send('', chinese)).toMatchObject({ xcode: 400, msg: '聊天内容不能为空' });
    expect((await send('字'.repeat(CHAT_LIMITS.maxLength + 1), chinese)).msg).toBe('消息最多 200 个字');
    expect(
      await post(
        '/v3/api/chat/blacklist',
        { token: EVENT, user_id: 704 },
        { ...viewer[1], 'accept-language': '' },
      ),
    ).toMatchObject({ xcode: 403, msg: '只有活动主办方可以禁言观众' });
  });

  it('limits how fast one viewer sends', async () => {
    const answers = [];
    for (let index = 0; index < CHAT_LIMITS.burst + 2; index++)
      answers.push(await send(`line ${index}`, viewer[3]));
    expect(answers.filter((answer) => answer.xcode === 200)).toHaveLength(CHAT_LIMITS.burst);
    expect(answers.at(-1)).toMatchObject({
      xcode: 429,
      msg: 'You are sending messages too fast, please wait a moment',
    });
  });

  it('pages history upward and fills a gap after an id, without overlap', async () => {
    await app.sql.deleteFrom('chat_messages').execute();
    const event = await app.sql
      .selectFrom('events')
      .select('id')
      .where('token', '=', EVENT)
      .executeTakeFirstOrThrow();
    const inserted = await app.sql
      .insertInto('chat_messages')
      .values(
        Array.from({ length: 75 }, (_, index) => ({
          event_id: event.id,
          user_id: 702,
          kind: 'text' as const,
          content: `m${index}`,
          created_at: index,
        })),
      )
      .returning('id')
      .execute();
    const ids = inserted.map((row) => row.id);
    const newest = await history();
    expect(newest.list.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 30 }, (_, index) => `m${45 + index}`),
    );
    expect(newest.has_more).toBe(true);
    const older = await history({ before_id: newest.list[0].id });
    expect(older.list.at(-1).content).toBe('m44');
    const oldest = await history({ before_id: older.list[0].id });
    expect(oldest.list).toHaveLength(15);
    expect(oldest.has_more).toBe(false);
    const gap = await history({ after_id: ids[69] });
    expect(gap.list.map((m: { content: string }) => m.content)).toEqual(['m70', 'm71', 'm72', 'm73', 'm74']);
    expect(gap.has_more).toBe(false);
  });

  it('only the owner blacklists; a blacklisted viewer cannot send until unmuted', async () => {
    expect(await post('/v3/api/chat/blacklist', { token: EVENT, user_id: 704 }, viewer[1])).toMatchObject({
      xcode: 403,
      msg: 'Only the event owner can blacklist viewers',
    });
    expect((await history({}, owner)).can_moderate).toBe(true);
    expect((await history({}, viewer[4])).can_moderate).toBe(false);
    expect((await post('/v3/api/chat/blacklist', { token: EVENT, user_id: 704 }, owner)).data).toEqual({
      user_id: 704,
      blacklisted: true,
    });
    expect(await send('let me talk', viewer[4])).toMatchObject({
      xcode: 403,
      msg: 'You have been muted in this chat room and cannot send messages',
    });
    expect((await history({}, viewer[4])).blacklisted).toBe(true);
    await post('/v3/api/chat/blacklist', { token: EVENT, user_id: 704, blacklisted: false }, owner);
    expect((await send('thanks', viewer[4])).xcode).toBe(200);
    expect((await post('/v3/api/chat/blacklist', { token: EVENT, user_id: 700 }, owner)).xcode).toBe(400);
  });
});

describe('gifts and tips', () => {
  const payOrder = async (orderSn: string) => {
    const order = (await app.sql
      .selectFrom('orders')
      .selectAll()
      .where('order_sn', '=', orderSn)
      .executeTakeFirstOrThrow()) as Order;
    await emulatorPay(app, order.order_sn);
    return order;
  };

  it('lists gifts in cents', async () => {
    const { data } = (await app.inject({ url: `/v3/api/video/gift?token=${EVENT}` })).json();
    expect(data.list.length).toBeGreaterThan(3);
    expect(data.list[0]).toEqual({ id: 1, name: '鲜花', name_en: 'Flower', price: 10 });
  });

  it('a paid gift appears in the chat once; an unpaid one never; a retry reuses the order', async () => {
    const first = await post(
      '/v3/api/wechat/video/reward',
      { token: EVENT, gift_id: 3, count: 2, idempotency_key: 'g1' },
      viewer[2],
    );
    const retry = await post(
      '/v3/api/wechat/video/reward',
      { token: EVENT, gift_id: 3, count: 2, idempotency_key: 'g1' },
      viewer[2],
    );
    expect(retry.data.order_sn).toBe(first.data.order_sn);
    const order = await payOrder(first.data.order_sn);
    expect(order).toMatchObject({ kind: 'reward', amount_cents: 880 * 2 });
    await payOrder(first.data.order_sn);
    await post('/v3/api/wechat/video/reward', { token: EVENT, amount: 500 }, viewer[2]);
    const gifts = (await history()).list.filter((m: { kind: string }) => m.kind === 'gift');
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({
      gift_name: '咖啡',
      gift_name_en: 'Coffee',
      gift_count: 2,
      amount: 1760,
      user_id: 702,
    });
  });

  it('20 concurrent gifts and 20 concurrent tips with one key each make one reward and one order each', async () => {
    const burst = (body: object) =>
      Promise.all(Array.from({ length: 20 }, () => post('/v3/api/wechat/video/reward', body, viewer[4])));
    const gifts = await burst({ token: EVENT, gift_id: 2, count: 1, idempotency_key: 'same-gift-key' });
    const tips = await burst({ token: EVENT, amount: 321, idempotency_key: 'same-tip-key' });
    for (const answers of [gifts, tips]) {
      expect(answers.every((answer) => answer.xcode === 200)).toBe(true);
      expect(new Set(answers.map((answer) => answer.data.order_sn)).size).toBe(1);
    }
    const rewards = await app.sql
      .selectFrom('rewards')
      .select(['id', 'gift_id', 'amount_cents'])
      .where('user_id', '=', 704)
      .orderBy('id')
      .execute();
    expect(rewards).toHaveLength(2);
    const orders = await app.sql
      .selectFrom('orders')
      .select(['order_sn', 'ref_id'])
      .where('user_id', '=', 704)
      .where('kind', '=', 'reward')
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { order_sn: gifts[0].data.order_sn, ref_id: rewards[0].id },
      { order_sn: tips[0].data.order_sn, ref_id: rewards[1].id },
    ]);
    expect(rewards[1]).toMatchObject({ gift_id: null, amount_cents: 321 });
  });

  it('a tip of a free amount appears as a tip', async () => {
    const tip = await post(
      '/v3/api/wechat/video/reward',
      { token: EVENT, amount: 666, t_type: 'wap' },
      viewer[1],
    );
    expect(tip.data.mweb_url).toMatch(/\/emulator\/wechat\/pay\/h5\?prepay_id=/);
    await payOrder(tip.data.order_sn);
    expect((await history()).list.at(-1)).toMatchObject({ kind: 'tip', amount: 666 });
    expect((await post('/v3/api/wechat/video/reward', { token: EVENT }, viewer[1])).msg).toBe(
      'Choose a gift or an amount',
    );
  });
});
