/**
 * Item 7, malformed requests that still answered 500 or a non-envelope body without any login:
 * HEAD on live-room routes, non-finite numbers in a query or body, the framework's and plugins' own 4xx (the static
 * server's 403 and 416, a body that does not match its Content-Encoding or Content-Length), and requests Node refuses
 * before any route (431, 414, a malformed request line), over a real socket.
 */
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonFiniteNumberAt } from '../contract/register.ts';
import { call, testServer, type App } from './test-helpers.ts';

let app: App;
// The static app of its own (the suite runs before any build, so dist/ may not exist).
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-malformed-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><body>livev3</body></html>');
  app = await testServer({ mode: 'test', distDir });
}, 60_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const envelopeOf = (response: { json: () => unknown }) =>
  response.json() as { xcode: number; msg: string; data: unknown };

describe('HEAD on live-room routes', () => {
  it.each([
    '/v3/api/video/related?token=demo',
    '/v3/api/video/get_video_image_text?token=demo',
    '/v2/api/video/more/new?token=demo',
    '/v3/api/video/invite/list?token=demo',
  ])('answers HEAD %s like GET, without a body', async (url) => {
    const head = await call(app, { method: 'HEAD', url });
    const get = await call(app, { method: 'GET', url });
    expect(head.statusCode).toBe(get.statusCode);
    expect(head.statusCode).toBeLessThan(500);
    expect(head.body).toBe('');
  });
});

describe('non-finite numbers', () => {
  it.each(['page=Infinity', 'page=1e309', 'page=-Infinity', 'limit=Infinity', 'limit=1e400'])(
    'refuses %s in a query with a 400 envelope',
    async (query) => {
      const response = await call(app, { url: `/v2/api/video/more/new?token=demo&${query}` });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response)).toMatchObject({ xcode: 400, data: null });
      // Named in the request's language (zh-CN without one): 页码 (page) or 条数 (limit).
      expect(envelopeOf(response).msg).toMatch(/^请求参数有误：(页码|条数)应为有限的数字$/);
    },
  );

  it('refuses Infinity in a form-encoded body, in the request locale', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/v3/api/chat/get/msg?locale=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=demo&limit=Infinity',
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toEqual({
      xcode: 400,
      msg: 'Invalid request: limit must be a finite number',
      data: null,
    });
  });

  it('refuses 1e309 in a JSON body (JSON.parse makes it Infinity)', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/v3/api/chat/get/msg',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":"demo","limit":1e309}',
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response)).toMatchObject({ xcode: 400, data: null });
  });

  it('still answers bounded numbers', async () => {
    const response = await call(app, { url: '/v2/api/video/more/new?token=demo&page=2&limit=5' });
    expect(envelopeOf(response).xcode).toBe(200);
  });

  it('finds a non-finite number at any depth, even in a deeply nested body', () => {
    expect(nonFiniteNumberAt({ a: [1, { b: Infinity }] })).toBe('/a/1/b');
    expect(nonFiniteNumberAt({ a: [1, { b: 2 }], c: 'Infinity' })).toBeNull();
    let deep: unknown = NaN;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(nonFiniteNumberAt(deep)).toBe(`${'/0'.repeat(100_000)}`);
  });
});

describe('framework and plugin 4xx keep their status, with the envelope', () => {
  const cases: [string, Parameters<typeof call>[1], number][] = [
    ['a NUL byte in a static path', { url: '/livev3/%00' }, 403],
    [
      'a Range the file cannot satisfy',
      { url: '/livev3/index.html', headers: { range: 'bytes=999999999-' } },
      416,
    ],
    [
      'a body that is not gzip under content-encoding: gzip',
      {
        method: 'POST',
        url: '/v3/api/chat/get/msg',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: '{"token":"demo"}',
      },
      400,
    ],
    [
      'an unknown content-encoding',
      {
        method: 'POST',
        url: '/v3/api/chat/get/msg',
        headers: { 'content-type': 'application/json', 'content-encoding': 'zz' },
        payload: '{"token":"demo"}',
      },
      415,
    ],
    [
      'a content-length that does not match the body',
      {
        method: 'POST',
        url: '/v3/api/chat/get/msg',
        headers: { 'content-type': 'application/json', 'content-length': '100' },
        payload: '{"token":"demo"}',
      },
      400,
    ],
  ];
  it.each(cases)('%s', async (_name, request, status) => {
    const response = await call(app, request);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    expect(envelopeOf(response)).toMatchObject({ data: null });
    expect(envelopeOf(response).xcode).toBeGreaterThanOrEqual(400);
    expect(envelopeOf(response).xcode).toBeLessThan(500);
  });

  it('answers the generic text in the request locale', async () => {
    const en = await call(app, { url: '/livev3/%00', headers: { 'accept-language': 'en' } });
    expect(envelopeOf(en)).toEqual({ xcode: 403, msg: 'Forbidden', data: null });
    const zh = await call(app, { url: '/livev3/%00' });
    expect(envelopeOf(zh)).toEqual({ xcode: 403, msg: '禁止访问', data: null });
  });
});

describe('requests Node refuses before any route', () => {
  let port: number;
  let server: App;
  beforeAll(async () => {
    server = await testServer({ mode: 'test' });
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => server.close());

  /** Writes raw bytes and reads the whole answer (the server closes the connection after a client error). */
  const raw = (bytes: string) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
      });
      socket.write(bytes);
    });

  it('answers headers too large (431) with the envelope', async () => {
    const answer = await raw(
      `GET /v3/api/video/detail?token=demo HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({ xcode: 400, msg: '请求头过大', data: null });
  });

  it('answers a URL too long (414) with the envelope, in the locale it asks for', async () => {
    const answer = await raw(
      `GET /v3/api/video/detail?locale=en&token=${'a'.repeat(20_000)} HTTP/1.1\r\n\r\n`,
    );
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toEqual({ xcode: 400, msg: 'Request URL is too long', data: null });
  });

  it('answers a malformed request line (400) with the envelope', async () => {
    const answer = await raw('GET / HTTP/9.9 nonsense\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ xcode: 400, data: null });
  });
});

describe('the development mail sink', () => {
  it('answers a repeated email key 400 with the envelope in the request’s locale, not 500', async () => {
    const english = await call(app, {
      url: '/dev/mail/last?email=a%40example.com&email=b%40example.com&locale=en',
    });
    expect(english.statusCode).toBe(400);
    expect(envelopeOf(english)).toEqual({
      xcode: 400,
      msg: 'Invalid request: e-mail address must be text',
      data: null,
    });
    const chinese = await call(app, { url: '/dev/mail/last?email=a&email=b' });
    expect(chinese.statusCode).toBe(400);
    expect(envelopeOf(chinese)).toMatchObject({ xcode: 400, msg: '请求参数有误：邮箱应为文字' });
    // One address is read as before.
    expect(envelopeOf(await call(app, { url: '/dev/mail/last?email=a%40example.com' }))).toEqual({
      xcode: 200,
      msg: 'ok',
      data: { code: null, subject: null },
    });
  });
});
