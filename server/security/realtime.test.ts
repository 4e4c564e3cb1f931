/**
 * Items 5, 6, 8 and 14 over a real listening server:
 * 5. the chat of a gated event was open (an unpaid viewer posted, anonymous viewers read, HTTP and socket);
 * 6. an open socket kept a revoked session;
 * 8. slow clients were never cut and one address could open any number of connections and sockets;
 * 14. the chat send-limit map was never pruned.
 */
import crypto from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf, startSession } from '../accounts/sessions.ts';
import type { MemoryState } from '../shared/state.ts';
import { listenHost, readConnectionLimits } from './limits.ts';
import { call, newViewer, testServer, type App } from './test-helpers.ts';

let app: App;
let origin: string;
let port: number;
let clock = 1_800_000_000_000;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await testServer({
    now: () => clock,
    limits: {
      headersTimeoutMs: 400,
      requestTimeoutMs: 1_000,
      idleTimeoutMs: 1_500,
      maxConnectionsPerIp: 40,
      maxSocketsPerIp: 6,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
}, 60_000);
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await app.close();
});

function open(token?: string): Socket {
  const socket = connect(origin, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}
const connected = (socket: Socket) =>
  new Promise<boolean>((resolve) => {
    if (socket.connected) resolve(true);
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
const emit = <T>(socket: Socket, name: string, payload: unknown) =>
  new Promise<T>((resolve) => socket.emit(name, payload, resolve));
const closeAll = () => sockets.splice(0).forEach((socket) => socket.close());

describe('chat of gated events (item 5)', () => {
  it('refuses an unpaid viewer posting in a paid event, over HTTP and the socket', async () => {
    const viewer = await newViewer(app);
    const posted = await call(app, {
      method: 'POST',
      url: '/v3/api/chat/save/msg',
      payload: { token: 'paid', content: 'free ride' },
      token: viewer.token,
    });
    expect(posted.json()).toMatchObject({ xcode: 40320, data: null });
    const socket = open(viewer.token);
    expect(await connected(socket)).toBe(true);
    expect(await emit(socket, 'chat:send', { token: 'paid', content: 'free ride' })).toMatchObject({
      ok: false,
      xcode: 40320,
    });
    closeAll();
  });

  it('refuses anonymous viewers reading a password event, over HTTP and the socket', async () => {
    const read = await call(app, {
      method: 'POST',
      url: '/v3/api/chat/get/msg',
      payload: { token: 'secret' },
    });
    expect(read.json()).toMatchObject({ xcode: 40320, data: null });
    const socket = open();
    expect(await connected(socket)).toBe(true);
    expect(await emit(socket, 'join', { token: 'secret' })).toMatchObject({ ok: false, xcode: 40320 });
    // A free event stays open to everyone.
    expect(await emit(socket, 'join', { token: 'demo' })).toMatchObject({ ok: true });
    closeAll();
  });

  it('lets the organiser (and viewers past the gate) in', async () => {
    const owner = await startSession(app.sql, 1, app.now());
    const read = await call(app, {
      method: 'POST',
      url: '/v3/api/chat/get/msg',
      payload: { token: 'secret' },
      token: owner,
    });
    expect(read.json()).toMatchObject({ xcode: 200 });
  });
});

describe('revoked sessions lose their sockets (item 6)', () => {
  it('cuts the socket of a session replaced by a login elsewhere, and it cannot send', async () => {
    const viewer = await newViewer(app);
    const socket = open(viewer.token);
    expect(await connected(socket)).toBe(true);
    expect(await emit(socket, 'join', { token: 'demo' })).toMatchObject({ ok: true });
    const revoked = new Promise<unknown>((resolve) => socket.once('session:revoked', resolve));
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await startSession(app.sql, viewer.userId, app.now()); // a login elsewhere revokes this session
    // The next event is refused and cuts the socket (the periodic re-check would cut it too).
    socket.emit('chat:send', { token: 'demo', content: 'still here?' }, () => {
      throw new Error('a revoked session must not be answered');
    });
    expect(await revoked).toEqual({ xcode: 100005 });
    await disconnected;
    closeAll();
  });

  it('cuts the sockets of a session on log-out at once (realtime.disconnectRevoked)', async () => {
    const viewer = await newViewer(app);
    const socket = open(viewer.token);
    expect(await connected(socket)).toBe(true);
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect(app.services.realtime.disconnectRevoked({ token: viewer.token })).toBe(1);
    await disconnected;
    closeAll();
  });

  it('cuts the sockets of a session replaced by a login elsewhere at once, without waiting for an event', async () => {
    const viewer = await newViewer(app, 'replaced');
    const bystander = await newViewer(app, 'bystander');
    const socket = open(viewer.token);
    const other = open(bystander.token);
    expect(await connected(socket)).toBe(true);
    expect(await connected(other)).toBe(true);
    const revoked = new Promise<unknown>((resolve) => socket.once('session:revoked', resolve));
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const started = performance.now();
    const fresh = await app.services.sessions.start(viewer.userId); // what every login calls
    expect(await revoked).toEqual({ xcode: 100005 });
    await disconnected;
    // Well before the periodic re-check (10 s).
    expect(performance.now() - started).toBeLessThan(2_000);
    // The new session's socket and another viewer's stay.
    const again = open(fresh);
    expect(await connected(again)).toBe(true);
    expect(await emit(again, 'join', { token: 'demo' })).toMatchObject({ ok: true });
    expect(other.connected).toBe(true);
    closeAll();
  });

  it('cuts the sockets of a device revoked from the device list at once', async () => {
    const viewer = await newViewer(app, 'two-devices');
    // A second device of the same viewer (logins revoke earlier sessions, so it is inserted as it stood).
    const phone = crypto.randomBytes(32).toString('base64url');
    await app.sql
      .insertInto('sessions')
      .values({
        token_hash: crypto.createHash('sha256').update(phone).digest('hex'),
        user_id: viewer.userId,
        created_at: clock,
        expires_at: clock + 3_600_000,
      })
      .execute();
    const here = open(viewer.token);
    const there = open(phone);
    expect(await connected(here)).toBe(true);
    expect(await connected(there)).toBe(true);
    const revoked = new Promise<unknown>((resolve) => there.once('session:revoked', resolve));
    const disconnected = new Promise<void>((resolve) => there.once('disconnect', () => resolve()));
    const started = performance.now();
    const answer = await call(app, {
      method: 'POST',
      url: '/v3/api/user/session/revoke',
      payload: { id: sessionIdOf(phone) },
      token: viewer.token,
    });
    expect(answer.json()).toMatchObject({ xcode: 200 });
    expect(await revoked).toEqual({ xcode: 100005 });
    await disconnected;
    expect(performance.now() - started).toBeLessThan(2_000);
    // The device that revoked it keeps its socket.
    expect(await emit(here, 'join', { token: 'demo' })).toMatchObject({ ok: true });
    closeAll();
  });
});

describe('slow clients and connection caps (item 8)', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(listenHost({})).toBe('127.0.0.1');
    expect(listenHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });

  it('cuts a client that sends its headers too slowly', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /v3/api/video/detail?token=demo HTTP/1.1\r\nHost: x\r\n');
    socket.on('error', () => {});
    const drip = setInterval(() => !socket.destroyed && socket.write('X-Slow: 1\r\n'), 100);
    const started = performance.now();
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(drip);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('keeps the configured keep-alive and whole-request time-outs (Fastify would set its own over them)', () => {
    expect(app.server.requestTimeout).toBe(1_000);
    expect(app.server.keepAliveTimeout).toBe(readConnectionLimits().keepAliveTimeoutMs);
    expect(app.server.headersTimeout).toBe(400);
  });

  it('cuts an idle connection', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = performance.now();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('caps open connections per address', async () => {
    // 60 connections open at once, then each asks once: the refused ones were closed without an answer.
    const sockets = Array.from({ length: 60 }, () => net.connect(port, '127.0.0.1'));
    const answers = sockets.map(
      (socket) =>
        new Promise<string>((resolve) => {
          let text = '';
          socket.on('error', () => {});
          socket.on('data', (chunk) => {
            text += chunk.toString();
            if (text.includes('\r\n\r\n')) resolve(text);
          });
          socket.on('close', () => resolve(text));
        }),
    );
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
    for (const socket of sockets)
      if (!socket.destroyed) socket.write('GET /v3/api/no/such HTTP/1.1\r\nHost: x\r\n\r\n');
    const answered = (await Promise.all(answers)).filter((text) => text.startsWith('HTTP/1.1 404')).length;
    sockets.forEach((socket) => socket.destroy());
    expect(answered).toBeLessThanOrEqual(40);
    expect(answered).toBeGreaterThan(0);
    // The server still answers once the places are free again.
    await expect
      .poll(async () => (await fetch(`${origin}/v3/api/video/detail?token=demo`).catch(() => null))?.status)
      .toBe(200);
  });

  it('caps socket.io sessions per address', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => connected(open())));
    expect(results.filter(Boolean).length).toBe(6);
    closeAll();
    // Freed places are available again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await connected(open())).toBe(true);
    closeAll();
  });
});

describe('the chat send limit forgets quiet viewers (item 14)', () => {
  it('prunes viewers whose sends are all outside the window', async () => {
    for (let i = 0; i < 30; i++) {
      const viewer = await newViewer(app);
      const answer = await call(app, {
        method: 'POST',
        url: '/v3/api/chat/save/msg',
        payload: { token: 'chat-e2e', content: `line ${i}` },
        token: viewer.token,
      });
      expect(answer.json().xcode).toBe(200);
    }
    const rememberedSenders = () => (app.services.shared as MemoryState).remembered('chat:');
    expect(rememberedSenders()).toBeGreaterThanOrEqual(30);
    clock += 60_000;
    const last = await newViewer(app);
    await call(app, {
      method: 'POST',
      url: '/v3/api/chat/save/msg',
      payload: { token: 'chat-e2e', content: 'later' },
      token: last.token,
    });
    expect(rememberedSenders()).toBe(1);
  });
});
