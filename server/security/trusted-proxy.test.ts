/**
 * Behind a balancer (TRUST_PROXY), every viewer arrives from the balancer's address: the per-address caps and request
 * limits must count the viewer X-Forwarded-For names, and the balancer's own connections must not be capped as one
 * client's. Without TRUST_PROXY the header is anyone's to write and is ignored.
 */
import net, { type AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddresses, readConnectionLimits } from './limits.ts';
import { testServer, type App } from './test-helpers.ts';

describe('client addresses', () => {
  const request = (remoteAddress: string, forwarded?: string) =>
    ({
      socket: { remoteAddress },
      connection: { remoteAddress },
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    }) as never;

  it('read X-Forwarded-For only from the balancers TRUST_PROXY names', () => {
    expect(readConnectionLimits({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustedProxies).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(readConnectionLimits({}).trustedProxies).toEqual([]);
    const behind = clientAddresses(['10.0.0.0/8']);
    expect(behind.of(request('10.0.0.5', '203.0.113.7'))).toBe('203.0.113.7');
    // A client that writes the header itself, from outside the balancers, is its own address.
    expect(behind.of(request('198.51.100.2', '203.0.113.7'))).toBe('198.51.100.2');
    // A chain: the right-most address the trusted balancer did not add is the viewer's.
    expect(behind.of(request('10.0.0.5', '192.0.2.1, 203.0.113.7'))).toBe('203.0.113.7');
    expect(behind.isProxy('10.0.0.5')).toBe(true);
    expect(behind.isProxy('198.51.100.2')).toBe(false);
    const open = clientAddresses([]);
    expect(open.of(request('10.0.0.5', '203.0.113.7'))).toBe('10.0.0.5');
    expect(open.isProxy('10.0.0.5')).toBe(false);
  });
});

describe('the caps behind a balancer (real sockets)', () => {
  let app: App | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    sockets.splice(0).forEach((socket) => socket.close());
    await app?.close();
  });

  async function start(trustedProxies: string[]) {
    app = await testServer({
      mode: 'test',
      limits: { ...readConnectionLimits({}), maxSocketsPerIp: 1, maxConnectionsPerIp: 2, trustedProxies },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as AddressInfo).port;
  }
  /** A socket as a balancer forwards it: from 127.0.0.1, naming `viewer`. true once connected. */
  const open = (port: number, viewer: string) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(`http://127.0.0.1:${port}`, {
        transports: ['websocket'],
        extraHeaders: { 'x-forwarded-for': viewer },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
  /** How many of `count` raw connections from 127.0.0.1 the server keeps open. */
  const connections = async (port: number, count: number) => {
    const opened = await Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const alive = opened.filter((socket) => !socket.destroyed && !socket.readableEnded).length;
    opened.forEach((socket) => socket.destroy());
    return alive;
  };

  it('count each viewer the balancer names, and leave the balancer its connections', async () => {
    const port = await start(['loopback']);
    // One socket per address: two viewers behind the one balancer each get theirs, a viewer's second is refused.
    expect(await open(port, '203.0.113.1')).toBe(true);
    expect(await open(port, '203.0.113.2')).toBe(true);
    expect(await open(port, '203.0.113.1')).toBe(false);
    expect(await connections(port, 4)).toBe(4);
  });

  it('ignore the header from anyone else: every socket counts against the connection address', async () => {
    const port = await start([]);
    expect(await open(port, '203.0.113.1')).toBe(true);
    expect(await open(port, '203.0.113.2')).toBe(false);
    expect(await connections(port, 4)).toBeLessThan(4);
  });
});
