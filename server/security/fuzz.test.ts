/**
 * Property-based HTTP fuzz through fastify.inject: every operation of the contract (and random paths, static paths
 * with odd percent-encodings) with random methods (HEAD included), queries, headers (Range, Content-Encoding, a
 * Content-Length that may not match), cookies and bodies. Properties: no answer >= 500, every answer on an API path is
 * the envelope {xcode, msg, data}, every error answer of the static app too, and the server still answers afterwards.
 * `npm test` runs FUZZ_RUNS (default 300) with a fixed seed; `npm run test:fuzz` runs 5,000 (FUZZ_SEED picks another
 * seed).
 */
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../config.ts';
import { loadContract } from '../contract/load.ts';
import { testServer, type App } from './test-helpers.ts';

const RUNS = Number(process.env.FUZZ_RUNS) || 300;
const SEED = Number(process.env.FUZZ_SEED) || 20261123;

let app: App;
beforeAll(async () => {
  app = await testServer({ mode: 'test', logger: false });
}, 60_000);
afterAll(() => app.close());

const contract = loadContract(path.join(projectRoot, 'schemas/api'));
const routes = Object.entries(contract.paths).flatMap(([url, operations]) =>
  Object.keys(operations).map((method) => ({ url, method: method.toUpperCase() })),
);

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'Infinity',
    '-Infinity',
    'NaN',
    '1e309',
    '-1',
    '0',
    '9007199254740993',
    '%',
    '%zz',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '\u0000',
    '[]',
    '{}',
    'null',
    'true',
    'demo',
    'secret',
  ),
);
const query = fc
  .dictionary(
    fc.constantFrom('token', 'id', 'page', 'limit', 'vote_id', 'player_id', 'url', 'locale', 'x'),
    nasty,
    {
      maxKeys: 4,
    },
  )
  .map((entries) =>
    Object.entries(entries)
      .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
      .join('&'),
  );
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  fc.record({
    kind: fc.constant('json' as const),
    value: fc.oneof(jsonValue, fc.dictionary(fc.string({ maxLength: 12 }), jsonValue)),
  }),
  fc.record({ kind: fc.constant('raw' as const), value: fc.string({ maxLength: 200 }) }),
  fc.record({ kind: fc.constant('form' as const), value: fc.string({ maxLength: 200 }) }),
  fc.record({ kind: fc.constant('multipart' as const), value: fc.string({ maxLength: 200 }) }),
  fc.constant(null),
);
const cookie = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 60 }).map((value) => `auth_token_2=${value}`),
  fc.constant('auth_token_2=%E0%A4%A'),
);
const authorization = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 60 }),
  fc.constant('Bearer %%%'),
);

/** Static paths of the built app with percent-encodings a browser never sends. */
const staticPath = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'index.html',
        'assets',
        '%00',
        '%2e%2e',
        '%2E%2E%2F',
        '%2f',
        '%5c',
        '%',
        '%zz',
        '%c0%ae',
        '%E0%A4%A',
        '%ff',
        '%u002e',
        '..',
        '.',
        '%20',
        '%0d%0a',
      ),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => `/livev3/${parts.join('/')}`);
const range = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'bytes=0-0',
    'bytes=0-',
    'bytes=-1',
    'bytes=999999999-',
    'bytes=5-1',
    'bytes=-0',
    'bytes=0-1,3-4,8-9',
    'bytes=abc',
    'bytes=',
    'items=0-1',
    'bytes=1e309-',
  ),
  fc.string({ maxLength: 20 }),
);
const contentEncoding = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'gzip, br', 'zz', 'GZIP', ''),
  fc.string({ maxLength: 12 }),
);
/** Added to the body's real length in Content-Length (undefined: the real length). */
const lengthSkew = fc.oneof(fc.constant(undefined), fc.integer({ min: -8, max: 64 }));

const request = fc.record({
  target: fc.oneof(
    fc.constantFrom(...routes),
    fc.record({
      url: fc.oneof(
        fc.string({ maxLength: 60 }).map((text) => `/v3/api/${text}`),
        fc.constantFrom(
          '/streams/live/demo/master.m3u8',
          '/uploads/x',
          '/qiniu-up/',
          '/livev3/x',
          '/emulator/wechat/pay/h5',
        ),
        staticPath,
      ),
      method: fc.constantFrom('GET', 'POST', 'HEAD'),
    }),
  ),
  method: fc.oneof(
    fc.constant(null),
    fc.constantFrom('GET', 'POST', 'HEAD', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
  ),
  query,
  body,
  cookie,
  authorization,
  range,
  contentEncoding,
  lengthSkew,
});

const isApiPath = (url: string) => /^\/v[23]\/api\//.test(url);

describe('HTTP fuzz', () => {
  it(`answers ${RUNS} random requests without a 5xx, with the envelope on every API path`, async () => {
    let count = 0;
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const method = (input.method ?? input.target.method) as
          'GET' | 'POST' | 'HEAD' | 'PUT' | 'DELETE' | 'OPTIONS' | 'PATCH';
        const url = input.target.url.replace(/\{(\w+)\}/g, '1');
        const headers: Record<string, string> = {};
        if (input.cookie) headers.cookie = input.cookie;
        if (input.authorization) headers.authorization = input.authorization;
        if (input.range !== undefined) headers.range = input.range;
        if (input.contentEncoding !== undefined) headers['content-encoding'] = input.contentEncoding;
        let payload: string | undefined;
        if (input.body && method !== 'GET' && method !== 'HEAD') {
          const { kind, value } = input.body;
          headers['content-type'] =
            kind === 'json'
              ? 'application/json'
              : kind === 'form'
                ? 'application/x-www-form-urlencoded'
                : kind === 'multipart'
                  ? 'multipart/form-data; boundary=xyz'
                  : 'text/plain';
          payload = kind === 'json' ? JSON.stringify(value) : String(value);
          if (input.lengthSkew !== undefined)
            headers['content-length'] = String(Math.max(0, Buffer.byteLength(payload) + input.lengthSkew));
        }
        const response = await app.inject({
          method,
          url: `${url}${input.query ? `?${input.query}` : ''}`,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        });
        count += 1;
        expect(response.statusCode, `${method} ${url}?${input.query}`).toBeLessThan(500);
        if (isApiPath(url) && method !== 'HEAD' && response.headers['content-type']?.includes('json')) {
          const answer = response.json();
          expect(answer, `${method} ${url}`).toHaveProperty('xcode');
          expect(answer).toHaveProperty('msg');
          expect(answer).toHaveProperty('data');
        } else if (isApiPath(url) && method !== 'HEAD' && response.statusCode >= 400) {
          throw new Error(`${method} ${url}: a ${response.statusCode} that is not the envelope`);
        }
        // The static app's refusals (403, 416, a bad encoding) are the envelope too.
        if (url.startsWith('/livev3/') && method !== 'HEAD' && response.statusCode >= 400)
          expect(response.json(), `${method} ${url}`).toHaveProperty('xcode');
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(count).toBeGreaterThanOrEqual(RUNS);
    // Still answering.
    expect((await app.inject({ url: '/v3/api/video/detail?token=demo' })).json().xcode).toBe(200);
  }, 300_000);
});
