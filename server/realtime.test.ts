import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { createSession } from './auth/sessions';

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

function open(token?: string): Socket {
  const socket = connect(origin, {
    transports: ['websocket'],
    auth: token ? { token } : {},
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
    const b = open(createSession(app.db, 1));
    const counts: number[] = [];
    a.on('presence', ({ count }: { count: number }) => counts.push(count));
    expect(await join(a, 'demo')).toEqual({ ok: true });
    expect(await join(b, 'demo')).toEqual({ ok: true });
    await expect.poll(() => counts.at(-1)).toBe(2);
    b.close();
    await expect.poll(() => counts.at(-1)).toBe(1);
  });

  it('refuses unknown events and expired tokens', async () => {
    expect(await join(open(), 'no-such-event')).toEqual({ ok: false, msg: 'No such event' });
    const refused = open('not-a-real-token');
    const error = await new Promise<Error & { data?: { xcode: number } }>((resolve) =>
      refused.on('connect_error', resolve),
    );
    expect(error.data?.xcode).toBe(100004);
  });
});
