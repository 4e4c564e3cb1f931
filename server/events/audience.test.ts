/**
 * The audience figure: viewers present in an event's room, de-duplicated per viewer, over every node, and plays of
 * replays. The node-level tests run on the memory state always and on Redis when TEST_REDIS_URL is set (the
 * PostgreSQL and cluster run, scripts/test-postgres.ts); the socket tests run one real server.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { startSession } from '../accounts/sessions.ts';
import { connectRedis, redisState } from '../shared/redis.ts';
import { memoryState, type SharedState } from '../shared/state.ts';
import { Audience, viewerKey } from './audience.ts';

const redisUrl = process.env.TEST_REDIS_URL;
let redis: Redis | undefined;

const kinds: [string, (now: () => number) => SharedState][] = [['memory', (now) => memoryState(now)]];
if (redisUrl)
  kinds.push([
    'redis',
    () => redisState((redis ??= connectRedis(redisUrl)), `test-${crypto.randomBytes(4).toString('hex')}:`),
  ]);

describe('viewerKey', () => {
  it('is the account when logged in, else the browser by its device cookie, else the socket', () => {
    const device = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(viewerKey(7, `livev3_device=${device}`, 'sock1')).toBe('u:7');
    expect(viewerKey(undefined, `a=b; livev3_device=${device}; c=d`, 'sock1')).toBe(`d:${device}`);
    expect(viewerKey(undefined, 'livev3_device=short', 'sock1')).toBe('s:sock1');
    expect(viewerKey(undefined, undefined, 'sock2')).toBe('s:sock2');
  });
});

describe.each(kinds)('audience on the %s state', (_kind, open) => {
  let time = 1_800_000_000_000;
  const now = () => time;
  const nodes: Audience[] = [];
  const node = (state: SharedState, name: string) => {
    const audience = new Audience(state, name, now, { throttleMs: 5, heartbeatMs: 60_000, ttlMs: 15_000 });
    audience.start(() => {});
    nodes.push(audience);
    return audience;
  };
  afterAll(() => nodes.forEach((audience) => audience.close()));

  it('counts a viewer once however many sockets it has, and drops it when its last socket leaves', async () => {
    const state = open(now);
    const a = node(state, 'a');
    for (let tab = 0; tab < 3; tab++) a.enter('demo', 'u:1');
    a.enter('demo', 'd:browser');
    a.enter('demo', 'd:browser');
    a.enter('other', 'u:1');
    await a.flush();
    expect(await a.count('demo')).toBe(2);
    expect(await a.count('other')).toBe(1);
    a.leave('demo', 'u:1');
    a.leave('demo', 'u:1');
    await a.flush();
    expect(await a.count('demo')).toBe(2);
    a.leave('demo', 'u:1');
    a.leave('demo', 'd:browser');
    a.leave('demo', 'd:browser');
    // A leave of a viewer that is not there changes nothing.
    a.leave('demo', 'u:404');
    await a.flush();
    expect(await a.count('demo')).toBe(0);
    expect(await a.count('other')).toBe(1);
  });

  it('adds the nodes up, a viewer on two nodes once, and forgets a node that went away within its lifetime', async () => {
    const state = open(now);
    const a = node(state, 'a');
    const b = node(state, 'b');
    const counts: number[] = [];
    a.start((_token, count) => counts.push(count));
    for (let i = 0; i < 30; i++) a.enter('room', `u:${i}`);
    for (let i = 20; i < 50; i++) b.enter('room', `u:${i}`);
    await Promise.all([a.flush(), b.flush()]);
    await a.flush();
    expect(await a.count('room')).toBe(50);
    expect(counts.at(-1)).toBe(50);
    // Node b stops (killed: it says nothing more). Its part lapses 15 s after its last word.
    b.close();
    time += 10_000;
    await a.flush();
    expect(counts.at(-1)).toBe(50);
    time += 5_000;
    await a.flush();
    expect(counts.at(-1)).toBe(30);
    expect(await a.count('room')).toBe(30);
  });

  it('sends everything again when its part lapsed (the node was silent too long)', async () => {
    const state = open(now);
    const a = node(state, 'a');
    for (let i = 0; i < 5; i++) a.enter('room2', `u:${i}`);
    await a.flush();
    time += 20_000;
    a.enter('room2', 'u:99');
    await a.flush();
    expect(await a.count('room2')).toBe(6);
  });

  it('writes thousands of viewers in chunks', async () => {
    const state = open(now);
    const a = node(state, 'a');
    for (let i = 0; i < 4500; i++) a.enter('big', `d:${i}`);
    await a.flush();
    expect(await a.count('big')).toBe(4500);
    for (let i = 0; i < 2500; i++) a.leave('big', `d:${i}`);
    await a.flush();
    expect(await a.count('big')).toBe(2000);
  });
});

afterAll(async () => {
  await redis?.quit();
});

describe('the room on one server', () => {
  let app: Awaited<ReturnType<typeof buildServer>>;
  let origin: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await buildServer({
      databasePath: ':memory:',
      limits: { maxSocketsPerIp: 0, maxConnectionsPerIp: 0 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await app.close();
  });

  function open(options: { token?: string; cookie?: string } = {}): Socket {
    const socket = connect(origin, {
      transports: ['websocket'],
      auth: options.token ? { token: options.token } : {},
      extraHeaders: options.cookie ? { cookie: options.cookie } : {},
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }
  const join = (socket: Socket, token: string) =>
    socket.emitWithAck('join', { token }) as Promise<{ ok: boolean }>;
  const pushes = (socket: Socket) => {
    const seen: number[] = [];
    socket.on('presence', ({ count }: { count: number }) => seen.push(count));
    return seen;
  };
  const detail = async (token: string) =>
    (await app.inject({ url: `/v3/api/video/detail?token=${token}` })).json().data as {
      views: number;
      live_status: number;
    };
  const welcome = async (token: string) =>
    (await app.inject({ url: `/v2/api/welcome/masses?token=${token}` })).json().data as { viewers: number };

  it('counts viewers, not sockets: three tabs of a login, two of a browser, one bare client; leaving and cutting', async () => {
    const event = 'demo';
    const watcher = open({ cookie: `livev3_device=${'w'.repeat(22)}` });
    const seen = pushes(watcher);
    expect(await join(watcher, event)).toMatchObject({ ok: true });
    await expect.poll(() => seen.at(-1)).toBe(1);
    const session = await startSession(app.sql, 1, app.now());
    const tabs = [open({ token: session }), open({ token: session }), open({ token: session })];
    const browser = [0, 1].map(() => open({ cookie: `livev3_device=${'b'.repeat(22)}` }));
    const bare = open();
    for (const socket of [...tabs, ...browser, bare])
      expect(await join(socket, event)).toMatchObject({ ok: true });
    await expect.poll(() => seen.at(-1)).toBe(4);
    await expect.poll(async () => (await detail(event)).views).toBe(4);
    expect((await welcome(event)).viewers).toBe(4);
    // Two tabs of the login and one of the browser close: both still watch in their other tabs.
    tabs[0].close();
    tabs[1].close();
    browser[0].close();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(seen.at(-1)).toBe(4);
    // The last tab's connection drops without a goodbye: the server's disconnect takes it out.
    tabs[2].io.engine.close();
    bare.close();
    await expect.poll(() => seen.at(-1)).toBe(2);
    await expect.poll(async () => (await detail(event)).views).toBe(2);
  });

  it('a replay counts plays: once per viewer within the window, whatever its tabs', async () => {
    const event = 'vod-e2e';
    const before = (await detail(event)).views;
    const cookie = `livev3_device=${'p'.repeat(22)}`;
    for (const socket of [open({ cookie }), open({ cookie }), open()])
      expect(await join(socket, event)).toMatchObject({ ok: true });
    await expect.poll(async () => (await detail(event)).views).toBe(before + 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await detail(event)).views).toBe(before + 2);
    expect((await welcome(event)).viewers).toBe(before + 2);
  });

  it('1,000 clients joining one room are counted within seconds', async () => {
    const event = 'chat-e2e';
    const watcher = open();
    const seen = pushes(watcher);
    await join(watcher, event);
    const clients = Array.from({ length: 999 }, () => open());
    // Connecting a thousand clients from this process, and their joins, cost the test's own process seconds on a busy
    // machine: the clock starts once they are in the room (their joins acknowledged).
    await Promise.all(
      clients.map((socket) => new Promise<void>((resolve) => socket.once('connect', () => resolve()))),
    );
    await Promise.all(clients.map((socket) => join(socket, event)));
    const started = performance.now();
    await expect.poll(() => seen.at(-1), { timeout: 10_000, interval: 50 }).toBe(1000);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await detail(event)).views).toBe(1000);
    clients.forEach((socket) => socket.close());
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toBe(1);
  }, 120_000);
});
