import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { startSession } from './accounts/sessions';
import { projectRoot } from './config';
import { loadContract } from './contract/load';
import { registerContract } from './contract/register';
import { generateApiTypes, typesFile } from '../scripts/gen-api-types';

let app: Awaited<ReturnType<typeof buildServer>>;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', now: () => 10_000 });
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('video detail', () => {
  it('answers the envelope with VideoInfo for the demo event', async () => {
    const response = await get('/v3/api/video/detail?token=demo');
    const body = response.json();
    expect(body).toMatchObject({
      xcode: 200,
      data: { token: 'demo', color_code: 'red', live_status: 1, can_watch: true },
    });
    // Signed and expiring (server/streams/sign.ts).
    expect(body.data.live_url).toMatch(/^\/streams\/live\/demo\/master\.m3u8\?exp=\d+&sig=/);
  });

  it('accepts the locale and inviteId every app call carries', async () => {
    expect((await get('/v3/api/video/detail?token=demo&locale=en&inviteId=7')).json().xcode).toBe(200);
  });

  it('answers a missing field and an unknown event with clear non-success envelopes', async () => {
    const missing = await get('/v3/api/video/detail');
    expect(missing.json()).toMatchObject({ xcode: 400, msg: '请求参数有误：缺少活动标识' });
    const english = await get('/v3/api/video/detail?locale=en');
    expect(english.json()).toMatchObject({ xcode: 400, msg: 'Invalid request: event token is required' });
    expect((await get('/v3/api/video/detail?token=nope')).json()).toMatchObject({ xcode: 404, data: null });
  });

  it('hides the stream behind the password gate, except for the organiser', async () => {
    const anonymous = (await get('/v3/api/video/detail?token=secret')).json().data;
    expect(anonymous).toMatchObject({ needs_password: true, can_watch: false, live_url: '', replay_url: '' });
    const owner = await startSession(app.sql, 1, app.now());
    const asOwner = (
      await get('/v3/api/video/detail?token=secret', { authorization: `Bearer ${owner}` })
    ).json().data;
    expect(asOwner).toMatchObject({
      can_watch: true,
      live_url: expect.stringMatching(/^\/streams\/live\/demo\/master\.m3u8\?exp=/),
    });
  });

  it('answers an anonymous viewer from the cache with what a read would answer, and an edit at once', async () => {
    const first = (await get('/v3/api/video/detail?token=secret')).json();
    // The second call finds the event and its episode count in the cache (the answer without a promise).
    const second = (await get('/v3/api/video/detail?token=secret')).json();
    expect(second).toEqual(first);
    await app.sql.updateTable('events').set({ password: '' }).where('token', '=', 'secret').execute();
    const edited = (await get('/v3/api/video/detail?token=secret')).json().data;
    expect(edited).toMatchObject({ needs_password: false, can_watch: true });
    await app.sql.updateTable('events').set({ password: '1234' }).where('token', '=', 'secret').execute();
    expect((await get('/v3/api/video/detail?token=secret')).json().data.needs_password).toBe(true);
  });

  it('reports the paid and information-form gates', async () => {
    expect((await get('/v3/api/video/detail?token=paid')).json().data).toMatchObject({
      price: 100,
      can_watch: false,
    });
    expect((await get('/v3/api/video/detail?token=info')).json().data).toMatchObject({
      needs_info_form: true,
      can_watch: false,
    });
  });
});

describe('sessions', () => {
  it('reads the token from the auth_token_2 cookie when there is no header', async () => {
    const token = await startSession(app.sql, 1, app.now());
    const response = await get('/v3/api/video/detail?token=secret', { cookie: `auth_token_2=${token}` });
    expect(response.json().data.can_watch).toBe(true);
  });

  it('answers 100004 for an expired or unknown token and 100005 for a replaced one', async () => {
    const expired = await startSession(app.sql, 1, 0, 5_000);
    expect(
      (await get('/v3/api/video/detail?token=demo', { authorization: `Bearer ${expired}` })).json().xcode,
    ).toBe(100004);
    expect(
      (await get('/v3/api/video/detail?token=demo', { authorization: 'Bearer nonsense' })).json().xcode,
    ).toBe(100004);
    const first = await startSession(app.sql, 1, app.now());
    await startSession(app.sql, 1, app.now());
    expect((await get('/v3/api/video/detail?token=demo', { authorization: first })).json().xcode).toBe(
      100005,
    );
  });
});

describe("login refusals in the request's language", () => {
  it('answers an unknown token and a replaced login in Chinese by default and in English with locale=en', async () => {
    const nonsense = { authorization: 'Bearer nonsense' };
    expect((await get('/v3/api/video/detail?token=demo', nonsense)).json()).toMatchObject({
      xcode: 100004,
      msg: '登录已过期，请重新登录',
    });
    expect((await get('/v3/api/video/detail?token=demo&locale=en', nonsense)).json()).toMatchObject({
      xcode: 100004,
      msg: 'Login expired, please log in again',
    });
    const first = await startSession(app.sql, 2, app.now());
    await startSession(app.sql, 2, app.now());
    expect(
      (await get('/v3/api/video/detail?token=demo&locale=en', { authorization: first })).json().msg,
    ).toBe('You logged in elsewhere, please log in again');
  });
});

describe('bad requests never crash the server', () => {
  it('answers unknown endpoints with the envelope', async () => {
    const response = await get('/v3/api/no/such');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ xcode: 404, data: null });
  });

  it('refuses a 10 MB body with 413 and keeps answering', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/v3/api/video/detail?token=demo',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(10 * 1024 * 1024)}"}`,
    });
    expect([404, 413]).toContain(big.statusCode);
    expect(big.json().xcode).toBeGreaterThan(201);
    expect((await get('/v3/api/video/detail?token=demo')).json().xcode).toBe(200);
  });
});

describe('streams', () => {
  it('serves the live playlist as a sliding window and the VOD as recorded', async () => {
    // Playlists and segments need the signature the detail hands out (server/security/streams.test.ts).
    const signature = (await get('/v3/api/video/detail?token=demo')).json().data.live_url.split('?')[1];
    const live = await get(`/streams/live/demo/240p/index.m3u8?${signature}`);
    expect(live.headers['content-type']).toContain('mpegurl');
    expect(live.body).not.toContain('#EXT-X-ENDLIST');
    const replay = (await get('/v3/api/video/detail?token=vod')).json().data.replay_url.split('?')[1];
    expect((await get(`/streams/vod/demo/240p/index.m3u8?${replay}`)).body).toContain('#EXT-X-ENDLIST');
    expect((await get(`/streams/vod/demo/240p/seg00.ts?${replay}`)).headers['content-type']).toBe(
      'video/mp2t',
    );

    expect((await get('/streams/vod/..%2F..%2Fpackage.json/x.m3u8')).statusCode).toBe(404);
  });
});

describe('the contract', () => {
  const contract = loadContract(path.join(projectRoot, 'schemas/api'));

  it('stops start-up when an operation has no handler, or a handler no operation', () => {
    expect(() => registerContract(Fastify(), contract, {})).toThrow(/has no handler/);
    const handlers = Object.fromEntries(
      Object.values(contract.paths).flatMap((ops) =>
        Object.values(ops).map((op) => [op.operationId, () => null]),
      ),
    );
    // @ts-expect-error: a handler for no operation is refused by the handler map's type as well
    expect(() => registerContract(Fastify(), contract, { ...handlers, extra: () => null })).toThrow(/extra/);
  });

  it('covers every API path the client calls', () => {
    const calls = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (
          /\.tsx?$/.test(entry.name) &&
          !entry.name.endsWith('.gen.ts') &&
          !/\.test\.tsx?$/.test(entry.name)
        ) {
          for (const match of fs.readFileSync(file, 'utf8').matchAll(/['"`](\/v[23]\/api\/[\w/{}.-]+)['"`]/g))
            calls.add(match[1]);
        }
      }
    };
    walk(path.join(projectRoot, 'src'));
    const missing = [...calls].filter((call) => !contract.paths[call]);
    expect(missing).toEqual([]);
    expect(calls.size).toBeGreaterThan(0);
  });

  it('matches the generated client types (npm run api:types)', async () => {
    expect(fs.readFileSync(typesFile, 'utf8')).toBe(await generateApiTypes());
  });
});
