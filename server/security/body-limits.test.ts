/**
 * Item 3, small body limits per route: contract operations inherited the server's 1 MB. Each now has its own limit
 * (`x-body-limit` in the contract, else CONTRACT_BODY_LIMIT, 64 KB), and an over-limit body answers the 413 envelope
 * as soon as its Content-Length arrives, without reading it.
 */
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../config.ts';
import { loadContract } from '../contract/load.ts';
import { CONTRACT_BODY_LIMIT } from '../contract/register.ts';
import { call, newViewer, testServer, type App } from './test-helpers.ts';

let app: App;
let port: number;
beforeAll(async () => {
  app = await testServer({ mode: 'test' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => app.close());

/** A JSON body of exactly `bytes` bytes. */
const bodyOf = (bytes: number, fields: Record<string, unknown>) => {
  const base = JSON.stringify({ ...fields, pad: '' });
  return `${base.slice(0, -2)}${'a'.repeat(bytes - base.length)}"}`;
};

describe('per-operation body limits', () => {
  it('gives JSON API calls 64 KB by default', async () => {
    expect(CONTRACT_BODY_LIMIT).toBe(64 * 1024);
    const over = bodyOf(CONTRACT_BODY_LIMIT + 1, { token: 'demo' });
    expect(over.length).toBe(CONTRACT_BODY_LIMIT + 1);
    const refused = await call(app, {
      method: 'POST',
      url: '/v3/api/chat/get/msg?locale=en',
      headers: { 'content-type': 'application/json' },
      payload: over,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ xcode: 413, msg: 'Request body is too large', data: null });
    // Just under the limit the body is read (and refused by its schema: `pad` is not a field).
    const read = await call(app, {
      method: 'POST',
      url: '/v3/api/chat/get/msg',
      headers: { 'content-type': 'application/json' },
      payload: bodyOf(CONTRACT_BODY_LIMIT - 1, { token: 'demo' }),
    });
    expect(read.statusCode).toBe(400);
  });

  it('limits form-encoded bodies the same way', async () => {
    const refused = await call(app, {
      method: 'POST',
      url: '/v3/api/chat/get/msg',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=demo&pad=${'a'.repeat(CONTRACT_BODY_LIMIT)}`,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ xcode: 413, data: null });
  });

  it('gives the sign-up form its larger x-body-limit (256 KB), and no more', async () => {
    const viewer = await newViewer(app);
    const long = await call(app, {
      method: 'POST',
      url: '/v2/api/vote/user/apply_vote',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        vote_id: 2,
        values: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, '文'.repeat(2000)])),
      }),
      token: viewer.token,
    });
    expect(long.statusCode).not.toBe(413); // ~180 KB of Chinese text is read
    const over = await call(app, {
      method: 'POST',
      url: '/v2/api/vote/user/apply_vote',
      headers: { 'content-type': 'application/json' },
      payload: bodyOf(256 * 1024 + 1, { vote_id: 2 }),
      token: viewer.token,
    });
    expect(over.statusCode).toBe(413);
  });

  it('declares only sane limits in the contract', () => {
    const contract = loadContract(path.join(projectRoot, 'schemas/api'));
    for (const operations of Object.values(contract.paths))
      for (const operation of Object.values(operations)) {
        const limit = operation['x-body-limit'];
        if (limit === undefined) continue;
        expect(Number.isInteger(limit), operation.operationId).toBe(true);
        expect(limit, operation.operationId).toBeGreaterThan(0);
        expect(limit, operation.operationId).toBeLessThanOrEqual(1024 * 1024);
      }
  });
});

describe('over-limit bodies are refused quickly', () => {
  /** Sends `head` (and then, slowly, nothing more) and resolves with the answer once it is whole. */
  const answerTo = (head: string, trickle?: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('utf8');
        const [headers, body] = text.split('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(headers ?? '')?.[1]);
        if (body !== undefined && Buffer.byteLength(body) >= length) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      socket.write(head);
      if (trickle) socket.write(trickle);
    });

  it('answers 413 from a Content-Length of 10 MB alone, without waiting for the body', async () => {
    const started = performance.now();
    const answer = await answerTo(
      'POST /v3/api/chat/get/msg HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 10485760\r\n\r\n',
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toMatchObject({ xcode: 413, data: null });
  });

  it('answers 413 once a chunked body passes the limit, without reading the rest', async () => {
    const chunk = 'a'.repeat(CONTRACT_BODY_LIMIT + 16);
    const answer = await answerTo(
      'POST /v3/api/chat/get/msg HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n',
      `${chunk.length.toString(16)}\r\n${chunk}\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toMatchObject({ xcode: 413, data: null });
  });
});
