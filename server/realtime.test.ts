import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { LOGIN_EXPIRED, startSession } from './accounts/sessions';
import { GATED } from './realtime';

let app: Awaited<ReturnType<typeof buildServer>>;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await app.close();
});

/** A socket as the app opens it: its session token and its language (`locale`) in the handshake's auth. */
function open(token?: string, query: Record<string, string> = {}, locale?: string): Socket {
  const socket = connect(origin, {
    transports: ['websocket'],
    auth: { ...(token ? { token } : {}), ...(locale ? { locale } : {}) },
    query,
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const join = (socket: Socket, token: string) =>
  new Promise<{ ok: boolean; msg?: string }>((resolve) => socket.emit('join', { token }, resolve));

describe('realtime', () => {
  it('counts viewers per event room, anonymous or logged in', async () => {
    const a = open();
    const b = open(await startSession(app.sql, 1, app.now()));
    const counts: number[] = [];
    a.on('presence', ({ count }: { count: number }) => counts.push(count));
    expect(await join(a, 'demo')).toMatchObject({ ok: true, data: { broadcast: { live: true } } });
    expect(await join(b, 'demo')).toMatchObject({ ok: true });
    await expect.poll(() => counts.at(-1)).toBe(2);
    b.close();
    await expect.poll(() => counts.at(-1)).toBe(1);
    a.close();
  });

  it("follows a room without watching it (the console's chat view): in no count, and its leaving takes nobody out", async () => {
    const a = open();
    const counts: number[] = [];
    a.on('presence', ({ count }: { count: number }) => counts.push(count));
    expect(await join(a, 'demo')).toMatchObject({ ok: true });
    await expect.poll(() => counts.at(-1)).toBe(1);
    // One person: a moderator's console and their own phone watching.
    const session = await startSession(app.sql, 2, app.now());
    const moderator = open(session);
    const heard: number[] = [];
    moderator.on('presence', ({ count }: { count: number }) => heard.push(count));
    const observed = await new Promise<{ ok: boolean }>((resolve) =>
      moderator.emit('join', { token: 'demo', watch: false }, resolve),
    );
    expect(observed).toMatchObject({ ok: true });
    const phone = open(session);
    expect(await join(phone, 'demo')).toMatchObject({ ok: true });
    await expect.poll(() => counts.at(-1)).toBe(2);
    // The console hears the room.
    await expect.poll(() => heard.at(-1)).toBe(2);
    moderator.close();
    const viewer = open();
    expect(await join(viewer, 'demo')).toMatchObject({ ok: true });
    await expect.poll(() => counts.at(-1)).toBe(3);
    [a, phone, viewer].forEach((socket) => socket.close());
  });

  it('refuses unknown events and expired tokens, in the language of the app that opened the socket', async () => {
    expect(await join(open(), 'no-such-event')).toEqual({ ok: false, xcode: 404, msg: '活动不存在' });
    expect(await join(open(undefined, {}, 'en'), 'no-such-event')).toEqual({
      ok: false,
      xcode: 404,
      msg: 'No such event',
    });
    const refusal = async (socket: Socket) =>
      new Promise<Error & { data?: { xcode: number } }>((resolve) => socket.on('connect_error', resolve));
    const refused = await refusal(open('not-a-real-token'));
    expect(refused.data?.xcode).toBe(100004);
    expect(refused.message).toBe(LOGIN_EXPIRED['zh-CN']);
    expect((await refusal(open('not-a-real-token', {}, 'en'))).message).toBe(LOGIN_EXPIRED.en);
  });

  it("follows the app's language: the handshake's, then each switch the app sends", async () => {
    const socket = open(undefined, {}, 'en');
    // A gated event's room refuses with the gate's text.
    expect(await join(socket, 'secret')).toEqual({ ok: false, xcode: GATED.xcode, msg: GATED.texts.en });
    socket.emit('locale', 'zh-CN');
    expect(await join(socket, 'secret')).toEqual({
      ok: false,
      xcode: GATED.xcode,
      msg: GATED.texts['zh-CN'],
    });
    socket.emit('locale', 'fr');
    expect(await join(socket, 'no-such-event')).toMatchObject({ msg: '活动不存在' });
    // Without a language from the app: the handshake's locale parameter, else Accept-Language, as for the API.
    expect(await join(open(undefined, { locale: 'en' }), 'no-such-event')).toMatchObject({
      msg: 'No such event',
    });
  });
});

type Line = { id: number; kind: string; content: string; user_id: number };
const send = (socket: Socket, content: string, token = 'chat-e2e') =>
  new Promise<{ ok: boolean; msg?: string; data?: Line }>((resolve) =>
    socket.emit('chat:send', { token, content }, resolve),
  );
const collect = (socket: Socket) => {
  const batches: Line[][] = [];
  socket.on('chat:batch', (lines: Line[]) => batches.push(lines));
  return batches;
};

const chatOwner = async () =>
  (
    await app.sql
      .selectFrom('events')
      .select('owner_id')
      .where('token', '=', 'chat-e2e')
      .executeTakeFirstOrThrow()
  ).owner_id;

describe('live chat', () => {
  it('sends over the socket with the same rules, and batches lines to everyone in the room', async () => {
    const owner = await chatOwner();
    const session = await startSession(app.sql, owner, app.now());
    const sender = open(session);
    const reader = open();
    const outsider = open();
    await join(sender, 'chat-e2e');
    await join(reader, 'chat-e2e');
    await join(outsider, 'demo');
    const received = collect(reader);
    const elsewhere = collect(outsider);

    // Refusals answer in the handshake's language (zh-CN unless it asks for another).
    expect(await send(reader, 'anonymous')).toEqual({ ok: false, msg: '请先登录', xcode: 401 });
    expect(await send(sender, '   ')).toEqual({ ok: false, msg: '聊天内容不能为空', xcode: 400 });
    const english = open(session, { locale: 'en' });
    expect(await send(english, '   ')).toEqual({
      ok: false,
      msg: 'chat content cannot be empty',
      xcode: 400,
    });
    const answers = await Promise.all(['one', 'two', 'three'].map((text) => send(sender, text)));
    expect(answers.every((answer) => answer.ok)).toBe(true);

    await expect.poll(() => received.flat().length).toBe(3);
    // Published within one batch window, they arrive as one array.
    expect(received).toHaveLength(1);
    expect(received[0].map((line) => line.content)).toEqual(['one', 'two', 'three']);
    expect(received[0].map((line) => line.id)).toEqual(answers.map((answer) => answer.data?.id));
    expect(elsewhere).toEqual([]);
  });

  it('a recovered connection gets the lines it missed, and is authorised again', async () => {
    const owner = await chatOwner();
    const token = await startSession(app.sql, owner + 1, app.now());
    const listener = connect(origin, { transports: ['websocket'], auth: { token } });
    sockets.push(listener);
    await new Promise<void>((resolve) => listener.once('connect', () => resolve()));
    await join(listener, 'chat-e2e');
    const received = collect(listener);
    const sender = open(await startSession(app.sql, owner, app.now()));
    await new Promise<void>((resolve) => sender.once('connect', () => resolve()));
    // Recovery resumes from the last broadcast received, so one arrives first.
    await send(sender, 'before');
    await expect.poll(() => received.flat().length).toBe(1);

    // Drop the transport (not a clean close): the server keeps the session for recovery.
    listener.io.engine.close();
    await send(sender, 'while you were away');
    await new Promise<void>((resolve) => listener.once('connect', () => resolve()));
    expect(listener.recovered).toBe(true);
    await expect.poll(() => received.flat().map((line) => line.content)).toContain('while you were away');

    // The middleware runs again on recovery: a token replaced meanwhile is refused.
    await startSession(app.sql, owner + 1, app.now());
    const refused = new Promise<Error & { data?: { xcode: number } }>((resolve) =>
      listener.once('connect_error', resolve),
    );
    listener.io.engine.close();
    expect((await refused).data?.xcode).toBe(100005);
    listener.close();
  });
});
