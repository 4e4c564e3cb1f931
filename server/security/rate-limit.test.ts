/**
 * The contract's per-route request limits (`x-rate-limit`): the e-mail login allows 30 a minute from one address, the
 * 31st gets the envelope with 429 in the request's locale; addresses in the allow-list (RATE_LIMIT_ALLOW: a gateway
 * that limits per client itself, or a browser suite's host) are not counted, every other address still is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type App } from './helpers.ts';

let app: App;
beforeAll(async () => {
  app = await testServer({ mode: 'test', limits: { rateLimitAllowList: ['10.9.9.9'] } });
}, 60_000);
afterAll(() => app.close());

let nextMail = 0;
const login = (remoteAddress: string, locale = 'en') =>
  app.inject({
    method: 'POST',
    url: `/v3/api/email_anonymous_login?locale=${locale}`,
    remoteAddress,
    payload: { email: `limit${nextMail++}@example.com` },
  });

describe('per-route request limits', () => {
  it('answer the 31st e-mail login a minute from one address with the 429 envelope, in its locale', async () => {
    for (let n = 0; n < 30; n++) expect((await login('10.1.1.1')).json().xcode).toBe(200);
    const refused = await login('10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      xcode: 429,
      msg: expect.stringMatching(/^Too many requests/),
      data: null,
    });
    expect((await login('10.1.1.1', 'zh-CN')).json().msg).toMatch(/^请求过于频繁/);
    // Another address has its own count.
    expect((await login('10.2.2.2')).json().xcode).toBe(200);
  });

  it('do not count an allow-listed address', async () => {
    for (let n = 0; n < 40; n++) expect((await login('10.9.9.9')).json().xcode).toBe(200);
  });
});
