/**
 * A venue's phones share one public address: with MAX_SOCKETS_PER_IP (256) and MAX_CONNECTIONS_PER_IP (256) the
 * 257th viewer of a conference could not open the live room's socket. Each login session now holds at most
 * MAX_SOCKETS_PER_SESSION sockets (10), and an address a ceiling sized for a venue (20,000 sockets, 20,000
 * connections); anonymous sockets count against their address's ceiling only.
 *
 * The venue itself (5,000 sockets from 127.0.0.1 with distinct sessions accepted, one session opening 300 capped) is
 * run twice: on the caps the server counts with (`socketCaps`, `addressCounter`) at 5,000, and on real sockets through
 * the server at VENUE_SOCKETS viewers (300 by default: past the old 256 per address, and quick on a shared machine;
 * `VENUE_SOCKETS=5000 npx vitest run server/security/venue-sockets.test.ts` opens all 5,000, which takes 10,000 file
 * descriptors in one process) and one session opening 300.
 */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressCounter, readConnectionLimits, socketCaps } from './limits.ts';
import { newViewer, testServer, type App } from './test-helpers.ts';

const DEFAULTS = readConnectionLimits({});
const VENUE_SOCKETS = Number(process.env.VENUE_SOCKETS) || 300;

describe('the socket caps (counting)', () => {
  it('default to 10 sockets per session under a per-address ceiling that fits a 5,000-viewer venue', () => {
    expect(DEFAULTS.maxSocketsPerSession).toBe(10);
    expect(DEFAULTS.maxSocketsPerIp).toBe(20_000);
    // Each phone's socket is one connection too, besides its requests.
    expect(DEFAULTS.maxConnectionsPerIp).toBeGreaterThanOrEqual(15_000);
    const set = readConnectionLimits({ MAX_SOCKETS_PER_SESSION: '3', MAX_SOCKETS_PER_IP: '500' });
    expect([set.maxSocketsPerSession, set.maxSocketsPerIp]).toEqual([3, 500]);
  });

  it('accept 5,000 sockets from one address with distinct sessions, and cap one session opening 300', () => {
    const caps = socketCaps(DEFAULTS);
    const accept = (session: string | null) => {
      if (!caps.mayOpen('127.0.0.1')) return false;
      caps.opened('127.0.0.1');
      if (session === null || caps.takeSession(session)) return true;
      caps.closed('127.0.0.1');
      return false;
    };
    const venue = Array.from({ length: 5_000 }, (_, i) => accept(`session-${i}`));
    expect(venue.filter(Boolean)).toHaveLength(5_000);
    const greedy = Array.from({ length: 300 }, () => accept('one-session'));
    expect(greedy.filter(Boolean)).toHaveLength(10);
    // Anonymous sockets of the venue are held by the address's ceiling only.
    expect(Array.from({ length: 2_000 }, () => accept(null)).filter(Boolean)).toHaveLength(2_000);
    expect(caps.sockets('127.0.0.1')).toBe(7_010);
    // A closed socket frees its session's place.
    caps.releaseSession('one-session');
    caps.closed('127.0.0.1');
    expect(accept('one-session')).toBe(true);
    expect(accept('one-session')).toBe(false);
  });

  it("let the venue's 5,000 phones hold their socket and a request connection each from one address", () => {
    const connections = addressCounter(DEFAULTS.maxConnectionsPerIp);
    const taken = Array.from({ length: 10_000 }, () => connections.take('127.0.0.1'));
    expect(taken.filter(Boolean)).toHaveLength(10_000);
  });

  it('keep the address ceiling, whatever the sessions', () => {
    const caps = socketCaps({ maxSocketsPerIp: 50, maxSocketsPerSession: 10 });
    let open = 0;
    for (let i = 0; i < 80; i++)
      if (caps.mayOpen('10.0.0.1')) {
        caps.opened('10.0.0.1');
        expect(caps.takeSession(`s${i}`)).toBe(true);
        open += 1;
      }
    expect(open).toBe(50);
    // Another address is not held by this one's sockets.
    expect(caps.mayOpen('10.0.0.2')).toBe(true);
  });
});

describe('the socket caps (real sockets, default limits)', () => {
  let app: App;
  let origin: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await testServer({ mode: 'test', limits: DEFAULTS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await app.close();
  });

  const open = (token?: string) => {
    const socket = connect(origin, {
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
      // Thousands of handshakes at once on a busy machine outlast the client's default 20 s.
      timeout: 120_000,
    });
    sockets.push(socket);
    return socket;
  };
  /** true once connected; the refusal's data otherwise. */
  const outcome = (socket: Socket) =>
    new Promise<true | { xcode?: number }>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', (error: Error & { data?: { xcode?: number } }) =>
        resolve(error.data ?? {}),
      );
    });
  const closeAll = async () => {
    sockets.splice(0).forEach((socket) => socket.close());
    // The server has let go of them (its counts follow the closes).
    await new Promise((resolve) => setTimeout(resolve, 300));
  };

  it(`accept ${VENUE_SOCKETS} viewers of one address, each with a session of their own (over the old 256)`, async () => {
    const viewers = [];
    for (let i = 0; i < VENUE_SOCKETS; i++) viewers.push(await newViewer(app, 'venue'));
    const outcomes = await Promise.all(viewers.map((viewer) => outcome(open(viewer.token))));
    expect(outcomes.filter((answer) => answer === true)).toHaveLength(VENUE_SOCKETS);
    expect(await sockets[0].emitWithAck('join', { token: 'demo' })).toMatchObject({ ok: true });
    await closeAll();
  }, 300_000);

  it('cap one session opening 300 sockets at 10, refusing the rest with 429; anonymous ones are not held', async () => {
    const viewer = await newViewer(app, 'greedy');
    const outcomes = await Promise.all(Array.from({ length: 300 }, () => outcome(open(viewer.token))));
    expect(outcomes.filter((answer) => answer === true)).toHaveLength(10);
    expect(outcomes.filter((answer) => answer !== true)).toEqual(Array(290).fill({ xcode: 429 }));
    const anonymous = await Promise.all(Array.from({ length: 20 }, () => outcome(open())));
    expect(anonymous.every((answer) => answer === true)).toBe(true);
    await closeAll();
    // Closed sockets free the session's places.
    const again = await Promise.all(Array.from({ length: 10 }, () => outcome(open(viewer.token))));
    expect(again.every((answer) => answer === true)).toBe(true);
    await closeAll();
  }, 60_000);
});
