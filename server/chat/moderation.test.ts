/**
 * Chat moderation (server/chat/moderation.ts) over HTTP, with sockets in the event's room: deleting a line, muting a
 * viewer and everyone, the pinned announcement, the sensitive-word list (and WeChat's content security through the
 * emulator), pre-review with concurrent approvals, and the moderation log. On SQLite here and on PostgreSQL through
 * scripts/test-postgres.ts.
 */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import { createOrganisation, setMember } from '../organisations/members';
import { EMULATOR_RISKY_TEXTS } from '../wechat/emulator';
import { contentSecurityConfigured, riskyForWechat } from './moderation';

let app: Awaited<ReturnType<typeof buildServer>>;
let origin: string;
const EVENT = 'moderation-test';
/** The event's organisation's owner and operator, a viewer of the event, another viewer, another organisation's owner. */
const auth: Record<'owner' | 'operator' | 'viewer' | 'other' | 'stranger', Record<string, string>> = {
  owner: {},
  operator: {},
  viewer: {},
  other: {},
  stranger: {},
};
const tokens: Record<string, string> = {};
const sockets: Socket[] = [];
const USERS = { owner: 900, operator: 901, viewer: 902, other: 903, stranger: 904 } as const;

/** The server's clock: each line moves it past the send-rate window, so the tests never meet the rate limit. */
let clock = Date.UTC(2026, 0, 1);
const MINI = { WECHAT_MINI_APP_ID: 'wxmoderationmini', WECHAT_MINI_APP_SECRET: 'mini-secret' };

beforeAll(async () => {
  // A mini program beside the sandbox: the emulator answers its content security calls.
  Object.assign(process.env, MINI);
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
  for (const name of Object.keys(MINI)) delete process.env[name];
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await app.sql
    .insertInto('users')
    .values(
      Object.entries(USERS).map(([name, id]) => ({
        id,
        email: `${name}@moderation.test`,
        nickname: name,
        created_at: 0,
      })),
    )
    .execute();
  const organisation = await createOrganisation(app.sql, {
    name: 'host',
    ownerId: USERS.owner,
    now: app.now(),
  });
  await setMember(app.sql, organisation, USERS.operator, 'operator', app.now());
  await createOrganisation(app.sql, { name: 'elsewhere', ownerId: USERS.stranger, now: app.now() });
  await app.sql
    .insertInto('events')
    .values({ token: EVENT, owner_id: USERS.owner, organisation_id: organisation, title: 'moderation' })
    .execute();
  for (const [name, id] of Object.entries(USERS)) {
    tokens[name] = await startSession(app.sql, id, app.now());
    auth[name as keyof typeof auth] = { authorization: `Bearer ${tokens[name]}` };
  }
});
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await app.close();
});

type Envelope = { xcode: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many shapes

const post = (url: string, payload: object, headers: Record<string, string>, locale = 'en') =>
  app
    .inject({
      method: 'POST',
      url,
      payload: { token: EVENT, ...payload },
      headers: { 'accept-language': locale, ...headers },
    })
    .then((response) => response.json() as Envelope);
const send = (content: string, who = auth.viewer, locale = 'en') => {
  clock += 1_100;
  return post('/v3/api/chat/save/msg', { content }, who, locale);
};
const history = (who: Record<string, string> = {}) =>
  post('/v3/api/chat/get/msg', {}, who).then((answer) => answer.data);
const moderate = (operation: string, payload: object = {}, who = auth.operator, locale = 'en') =>
  post(`/v3/api/chat/${operation}`, payload, who, locale);

/** A socket in the event's room (as a moderator's console: `moderate`), recording what it hears. */
async function listener(token?: string, moderate = false) {
  const socket = connect(origin, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
  sockets.push(socket);
  const heard: { name: string; payload: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any -- socket payloads
  socket.onAny((name: string, payload: unknown) => heard.push({ name, payload }));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  const joined = await socket.emitWithAck('join', { token: EVENT, ...(moderate && { moderate }) });
  expect(joined).toMatchObject({ ok: true });
  const lines = () => heard.filter((event) => event.name === 'chat:batch').flatMap((event) => event.payload);
  return { socket, heard, lines, moderating: joined.data.moderating as boolean };
}

describe('chat moderation', () => {
  it('deletes a line: out of the history and off the room at once, logged', async () => {
    const room = await listener();
    const { data: line } = await send('delete me');
    await expect.poll(() => room.lines().map((heard: { id: number }) => heard.id)).toContain(line.id);
    const started = performance.now();
    expect(await moderate('delete', { id: line.id })).toMatchObject({
      xcode: 200,
      data: { id: line.id, deleted: true },
    });
    await expect
      .poll(() => room.heard.find((event) => event.name === 'chat:deleted')?.payload, { interval: 10 })
      .toEqual({ token: EVENT, id: line.id });
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await history(auth.viewer)).list.map((item: { id: number }) => item.id)).not.toContain(line.id);
    expect((await history()).list.map((item: { id: number }) => item.id)).not.toContain(line.id);
    // Again: nothing more to do, nothing logged twice.
    expect((await moderate('delete', { id: line.id })).data).toEqual({ id: line.id, deleted: false });
    expect((await moderate('delete', { id: 99_999_999 })).xcode).toBe(404);
    const log = (await moderate('moderation/log')).data.list;
    expect(log.filter((entry: { message_id: number }) => entry.message_id === line.id)).toEqual([
      expect.objectContaining({
        action: 'delete',
        by_user_id: USERS.operator,
        by_nickname: 'operator',
        target_user_id: USERS.viewer,
        detail: 'delete me',
        created_at: expect.any(Number),
      }),
    ]);
    // The moderation view still reads it, with its status.
    const lines = (await moderate('moderation/lines')).data.list;
    expect(lines.find((item: { id: number }) => item.id === line.id)).toMatchObject({ status: 'deleted' });
  });

  it('mutes and unmutes one viewer (chatMute and chatBlacklist alike), telling their sockets', async () => {
    const own = await listener(tokens.other);
    expect(await moderate('mute', { user_id: USERS.other, muted: true })).toMatchObject({
      data: { user_id: USERS.other, muted: true },
    });
    expect(await send('hello', auth.other)).toMatchObject({ xcode: 403, msg: /muted/ });
    // The moderation view lists who is muted, so its line can offer the unmute.
    expect((await moderate('moderation/lines')).data.muted_users).toEqual([USERS.other]);
    await expect
      .poll(() => own.heard.find((event) => event.name === 'chat:muted')?.payload)
      .toEqual({ token: EVENT, muted: true });
    await moderate('mute', { user_id: USERS.other, muted: false });
    expect((await send('hello again', auth.other)).xcode).toBe(200);
    expect((await moderate('moderation/lines')).data.muted_users).toEqual([]);
    await moderate('blacklist', { user_id: USERS.other });
    expect((await send('and again', auth.other)).xcode).toBe(403);
    await moderate('blacklist', { user_id: USERS.other, blacklisted: false });
    expect((await send('back', auth.other)).xcode).toBe(200);
    const actions = (await moderate('moderation/log')).data.list
      .filter((entry: { target_user_id: number; action: string }) => entry.target_user_id === USERS.other)
      .map((entry: { action: string }) => entry.action);
    expect(actions.slice(0, 4)).toEqual(['unmute', 'mute', 'unmute', 'mute']);
  });

  it('mutes everyone: viewers are refused in their language, organisers still speak, the room is told', async () => {
    const room = await listener();
    expect(await moderate('mute_all', { muted: true })).toMatchObject({ data: { muted: true } });
    await expect
      .poll(() => room.heard.filter((event) => event.name === 'chat:room').at(-1)?.payload)
      .toMatchObject({ token: EVENT, muted: true });
    expect(await send('hi')).toEqual({
      xcode: 40321,
      msg: 'The organiser has muted the chat for everyone: you cannot send messages for now',
      data: null,
    });
    expect((await send('你好', auth.viewer, 'zh-CN')).msg).toBe('主办方已开启全员禁言，暂时无法发言');
    expect((await send('announcement from the host', auth.owner)).xcode).toBe(200);
    expect((await history(auth.viewer)).room.muted).toBe(true);
    await moderate('mute_all', { muted: false });
    expect((await send('hi')).xcode).toBe(200);
    expect((await history(auth.viewer)).room.muted).toBe(false);
  });

  it('pins an announcement for the room and for viewers who come later, as plain text', async () => {
    const room = await listener();
    const text = '<b>欢迎</b> 今晚 8 点开奖';
    expect(await moderate('pin', { content: `  ${text}\u0007 ` })).toMatchObject({
      data: { pinned: text, pinned_at: app.now() },
    });
    await expect
      .poll(() => room.heard.filter((event) => event.name === 'chat:room').at(-1)?.payload)
      .toMatchObject({ pinned: text });
    expect((await history()).room).toMatchObject({ pinned: text });
    expect((await moderate('pin', { content: '   ' })).xcode).toBe(400);
    expect((await moderate('pin', { content: '字'.repeat(201) }, auth.operator, 'zh-CN')).msg).toBe(
      '公告最多 200 个字',
    );
    expect(await moderate('unpin')).toMatchObject({ data: { pinned: '', pinned_at: 0 } });
    expect((await history()).room.pinned).toBe('');
  });

  it('refuses lines with a listed word, whatever their case or width, in the sender’s language', async () => {
    expect(await moderate('words', { words: [' Spam ', 'spam', '', '广告'] })).toMatchObject({
      data: { words: ['Spam', '广告'] },
    });
    const words = await app.inject({
      method: 'GET',
      url: `/v3/api/chat/words?token=${EVENT}`,
      headers: auth.owner,
    });
    expect(words.json().data).toEqual({ words: ['Spam', '广告'] });
    for (const content of ['buy SPAM now', 'ｓｐａｍ', '看广告'])
      expect(await send(content)).toMatchObject({ xcode: 40322, msg: /not allowed/ });
    expect((await send('加微信看广告', auth.viewer, 'zh-CN')).msg).toBe(
      '消息包含不允许发送的内容，请修改后再发',
    );
    expect((await send('a clean line')).xcode).toBe(200);
    expect((await moderate('words', { words: ['x'.repeat(31)] })).xcode).toBe(400);
    await moderate('words', { words: [] });
    expect((await send('spam is fine again')).xcode).toBe(200);
  });

  it("asks WeChat's content security (msg_sec_check, v2 with the mini-program openid, else v1) when configured", async () => {
    const { wechat } = app.services;
    // The sandbox (no credentials) uses the local list only.
    expect(contentSecurityConfigured(wechat.credentials)).toBe(false);
    expect(await riskyForWechat(app.services, USERS.viewer, EMULATOR_RISKY_TEXTS[0])).toBe(false);
    expect(contentSecurityConfigured({ ...wechat.credentials, miniAppId: 'wxmini', sandbox: false })).toBe(
      true,
    );
    expect(contentSecurityConfigured({ ...wechat.credentials, miniAppId: '', sandbox: false })).toBe(false);
    // The same client against the emulator: both versions of the call.
    expect(await wechat.client.msgSecCheck(`看 ${EMULATOR_RISKY_TEXTS[0]}`)).toEqual({ risky: true });
    expect(await wechat.client.msgSecCheck('你好')).toEqual({ risky: false, label: undefined });
    expect(await wechat.client.msgSecCheck(`a ${EMULATOR_RISKY_TEXTS[1]}`, 'o-mini-1')).toEqual({
      risky: true,
      label: 20006,
    });
    expect(await wechat.client.msgSecCheck('hello', 'o-mini-1')).toEqual({ risky: false, label: 100 });
    // Configured: the viewer's line goes to WeChat.
    const configured = {
      sql: app.sql,
      wechat: { ...wechat, credentials: { ...wechat.credentials, sandbox: false } },
    };
    expect(await riskyForWechat(configured, USERS.viewer, `x ${EMULATOR_RISKY_TEXTS[1]}`)).toBe(true);
    expect(await riskyForWechat(configured, USERS.viewer, 'fine')).toBe(false);
  });

  it('holds lines for review: the sender sees theirs waiting, 20 concurrent approvals broadcast it once', async () => {
    const room = await listener();
    const sender = await listener(tokens.viewer);
    expect(await moderate('review_mode', { enabled: true })).toMatchObject({ data: { pre_review: true } });
    const { data: line } = await send('please approve');
    expect(line).toMatchObject({ status: 'waiting', content: 'please approve' });
    // The sender's history keeps it (waiting); nobody else's has it.
    expect(
      (await history(auth.viewer)).list.find((item: { id: number }) => item.id === line.id),
    ).toMatchObject({
      status: 'waiting',
    });
    expect((await history(auth.other)).list.map((item: { id: number }) => item.id)).not.toContain(line.id);
    // Moderators are not held.
    expect((await send('from the host', auth.owner)).data.status).toBe('shown');
    const waiting = (await moderate('waiting')).data;
    expect(waiting.list.map((item: { id: number }) => item.id)).toEqual([line.id]);

    const approvals = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        moderate('approve', { id: line.id }, index % 2 ? auth.operator : auth.owner),
      ),
    );
    expect(approvals.every((answer) => answer.xcode === 200 && answer.data.status === 'shown')).toBe(true);
    expect(approvals.filter((answer) => answer.data.changed)).toHaveLength(1);
    await expect
      .poll(() => room.lines().filter((item: { id: number }) => item.id === line.id))
      .toHaveLength(1);
    await expect
      .poll(() => sender.heard.find((event) => event.name === 'chat:reviewed')?.payload)
      .toEqual({ token: EVENT, id: line.id, status: 'shown' });
    // Settle: no second copy comes later.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(room.lines().filter((item: { id: number }) => item.id === line.id)).toHaveLength(1);
    expect(sender.heard.filter((event) => event.name === 'chat:reviewed')).toHaveLength(1);
    expect(
      (await history(auth.other)).list.find((item: { id: number }) => item.id === line.id),
    ).toMatchObject({
      status: 'shown',
    });
    // An approved line cannot be rejected.
    expect((await moderate('reject', { id: line.id })).xcode).toBe(400);

    // Rejected: the sender is told, nobody else ever sees it.
    const { data: refused } = await send('reject me');
    const rejections = await Promise.all([1, 2, 3].map(() => moderate('reject', { id: refused.id })));
    expect(rejections.filter((answer) => answer.data.changed)).toHaveLength(1);
    await expect
      .poll(() => sender.heard.filter((event) => event.name === 'chat:reviewed').at(-1)?.payload)
      .toEqual({ token: EVENT, id: refused.id, status: 'rejected' });
    expect(room.lines().map((item: { id: number }) => item.id)).not.toContain(refused.id);
    expect(
      (await history(auth.viewer)).list.find((item: { id: number }) => item.id === refused.id),
    ).toMatchObject({
      status: 'rejected',
    });
    expect((await history(auth.other)).list.map((item: { id: number }) => item.id)).not.toContain(refused.id);
    expect(
      (await moderate('moderation/lines')).data.list.find((item: { id: number }) => item.id === refused.id),
    ).toMatchObject({ status: 'rejected' });

    await moderate('review_mode', { enabled: false });
    expect((await send('no review now')).data.status).toBe('shown');
    const log = (await moderate('moderation/log', { limit: 100 })).data.list.map(
      (entry: { action: string }) => entry.action,
    );
    expect(log.filter((action: string) => action === 'approve')).toHaveLength(1);
    expect(log.filter((action: string) => action === 'reject')).toHaveLength(1);
    expect(log).toEqual(expect.arrayContaining(['review_on', 'review_off']));
  });

  it("tells moderators' consoles alone of waiting lines, decisions and mutes, whoever made them", async () => {
    const console = await listener(tokens.owner, true);
    const asViewer = await listener(tokens.viewer, true);
    const asStranger = await listener(tokens.stranger, true);
    const room = await listener();
    expect([console.moderating, asViewer.moderating, asStranger.moderating]).toEqual([true, false, false]);
    await moderate('review_mode', { enabled: true });
    const { data: line } = await send('for the moderators', auth.other);
    await expect
      .poll(() => console.heard.find((event) => event.name === 'chat:waiting')?.payload)
      .toEqual({ token: EVENT, line: expect.objectContaining({ id: line.id, status: 'waiting' }) });
    // Another moderator (the operator) decides: the owner's console hears it.
    await moderate('reject', { id: line.id });
    await expect
      .poll(() => console.heard.find((event) => event.name === 'chat:reviewed')?.payload)
      .toEqual({ token: EVENT, id: line.id, status: 'rejected' });
    await moderate('mute', { user_id: USERS.other, muted: true });
    await expect
      .poll(() => console.heard.find((event) => event.name === 'chat:muted')?.payload)
      .toEqual({ token: EVENT, user_id: USERS.other, muted: true });
    await moderate('mute', { user_id: USERS.other, muted: false });
    await moderate('review_mode', { enabled: false });
    await expect.poll(() => console.heard.filter((event) => event.name === 'chat:muted')).toHaveLength(2);
    const moderatorsOnly = ['chat:waiting', 'chat:reviewed', 'chat:muted'];
    for (const other of [asViewer, asStranger, room])
      expect(other.heard.filter((event) => moderatorsOnly.includes(event.name))).toEqual([]);
  });

  it('pages the moderation log newest first', async () => {
    const first = (await moderate('moderation/log', { limit: 2 })).data;
    expect(first.list).toHaveLength(2);
    expect(first.has_more).toBe(true);
    expect(first.list[0].id).toBeGreaterThan(first.list[1].id);
    const next = (await moderate('moderation/log', { limit: 2, before_id: first.list[1].id })).data;
    expect(next.list[0].id).toBeLessThan(first.list[1].id);
  });

  it("refuses viewers and another organisation's staff, and changes nothing then", async () => {
    const { data: line } = await send('stays');
    for (const who of [auth.viewer, auth.stranger]) {
      expect((await moderate('delete', { id: line.id }, who)).xcode).toBe(403);
      expect((await moderate('mute_all', { muted: true }, who)).xcode).toBe(403);
      expect((await moderate('pin', { content: 'x' }, who)).xcode).toBe(403);
      expect((await moderate('moderation/log', {}, who)).xcode).toBe(403);
    }
    expect((await moderate('delete', { id: line.id }, {})).xcode).toBe(401);
    const after = await history();
    expect(after.list.map((item: { id: number }) => item.id)).toContain(line.id);
    expect(after.room).toMatchObject({ muted: false, pinned: '' });
  });
});
