/**
 * The contract's per-route request limits (`x-rate-limit`): a complaint allows 10 a minute from one address, the 11th
 * gets the envelope with 429 in the request's locale; addresses in the allow-list (RATE_LIMIT_ALLOW: a gateway that
 * limits per client itself, or a browser suite's host) are not counted, every other address still is. (The login
 * calls allow a venue's burst: server/accounts/venue-limits.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type App } from './test-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await testServer({ mode: 'test', limits: { rateLimitAllowList: ['10.9.9.9'] } });
}, 60_000);
afterAll(() => app.close());

/** A complaint without a login: refused by the handler (401), counted by the limit before it. */
const complain = (remoteAddress: string, locale = 'en') =>
  app.inject({
    method: 'POST',
    url: `/v2/api/complain?locale=${locale}`,
    remoteAddress,
    payload: { token: 'demo', reason: 'spam' },
  });

describe('per-route request limits', () => {
  it('answer the 11th complaint a minute from one address with the 429 envelope, in its locale', async () => {
    for (let n = 0; n < 10; n++) expect((await complain('10.1.1.1')).json().xcode).toBe(401);
    const refused = await complain('10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      xcode: 429,
      msg: expect.stringMatching(/^Too many requests/),
      data: null,
    });
    expect((await complain('10.1.1.1', 'zh-CN')).json().msg).toMatch(/^请求过于频繁/);
    // Another address has its own count.
    expect((await complain('10.2.2.2')).json().xcode).toBe(401);
  });

  it('do not count an allow-listed address', async () => {
    for (let n = 0; n < 20; n++) expect((await complain('10.9.9.9')).json().xcode).toBe(401);
  });
});
