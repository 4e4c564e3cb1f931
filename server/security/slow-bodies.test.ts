/**
 * Slow request bodies: a body that stopped sending was only cut by the whole-request time-out, which Node checks every
 * 30 s (a stalled body on a reused keep-alive connection lived 59-91 s with the defaults; the idle time-out did not
 * apply, as Node clears it when a connection's next request starts). A body silent for BODY_TIMEOUT_MS (20 s by
 * default) is now answered 408 (the envelope, in the request's language) and its connection closed; a body that keeps
 * sending, however slowly, is read to the end.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConnectionLimits } from './limits.ts';
import { testServer, type App } from './test-helpers.ts';

const BODY_TIMEOUT_MS = 600;

let app: App;
let port: number;
beforeAll(async () => {
  // The whole-request time-out stays long: only the body's silence may cut these.
  app = await testServer({
    mode: 'test',
    limits: { bodyTimeoutMs: BODY_TIMEOUT_MS, requestTimeoutMs: 60_000, idleTimeoutMs: 30_000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => app.close());

type Connection = { socket: net.Socket; text: () => string; closed: Promise<number> };

/** A raw connection; `closed` resolves with the milliseconds from `mark()` to the close (or 10 s: not cut). */
async function connection(): Promise<Connection & { mark: () => void }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => {});
  let text = '';
  let marked = performance.now();
  socket.on('data', (chunk) => (text += chunk.toString()));
  const closed = new Promise<number>((resolve) => {
    const limit = setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000);
    socket.once('close', () => {
      clearTimeout(limit);
      resolve(performance.now() - marked);
    });
  });
  return { socket, text: () => text, closed, mark: () => (marked = performance.now()) };
}

const partialPost = (language = 'en') =>
  'POST /v3/api/chat/get/msg HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
  `Accept-Language: ${language}\r\nContent-Length: 100\r\n\r\n{"tok`;

describe('request bodies that go silent', () => {
  it('are cut within 30 s of silence by default, and the setting is read from BODY_TIMEOUT_MS', () => {
    expect(readConnectionLimits({}).bodyTimeoutMs).toBeGreaterThan(0);
    expect(readConnectionLimits({}).bodyTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(readConnectionLimits({ BODY_TIMEOUT_MS: '5000' }).bodyTimeoutMs).toBe(5_000);
  });

  it('answers 408 and closes a first request whose body stops', async () => {
    const client = await connection();
    client.socket.write(partialPost());
    client.mark();
    const took = await client.closed;
    expect(took).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
    expect(client.text()).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(client.text().split('\r\n\r\n')[1])).toEqual({
      xcode: 400,
      msg: 'Request timed out',
      data: null,
    });
  });

  it('cuts a stalled body on a reused keep-alive connection too (Node had cleared its idle timer)', async () => {
    const client = await connection();
    client.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => client.text()).toMatch(/^HTTP\/1\.1 200 /);
    const first = client.text();
    client.socket.write(partialPost('zh-CN'));
    client.mark();
    const took = await client.closed;
    expect(took).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
    const second = client.text().slice(first.length);
    expect(second).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(second.split('\r\n\r\n')[1])).toMatchObject({ msg: '请求超时' });
  });

  it('reads a body that keeps sending, however slowly, to the end', async () => {
    const client = await connection();
    const body = JSON.stringify({ token: 'demo' });
    client.socket.write(
      'POST /v3/api/chat/get/msg HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    // Two bytes every third of the time-out: longer than the time-out in all, never silent for it.
    for (let at = 0; at < body.length; at += 2) {
      client.socket.write(body.slice(at, at + 2));
      await new Promise((resolve) => setTimeout(resolve, BODY_TIMEOUT_MS / 3));
    }
    await expect.poll(() => client.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.text()).toContain('"xcode":200');
    // The connection stays for its next request (keep-alive).
    expect(client.socket.destroyed).toBe(false);
    client.socket.destroy();
  });
});
