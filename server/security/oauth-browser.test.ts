/**
 * Login CSRF on the WeChat web login: the OAuth `state` was bound to nothing but itself, so someone could start a
 * login, approve it as themselves, and hand the callback address (state and code) to a victim, whose browser then
 * landed logged into the attacker's account (what the victim pays, writes or binds goes to the attacker). The entry
 * now sets a random nonce in an HttpOnly, SameSite=Lax cookie limited to the callback's path and keeps only its
 * SHA-256 with the state; the callback refuses (the "invalid or expired" page, no session) without that cookie.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_BROWSER_COOKIE, OAUTH_CALLBACK_PATH } from '../accounts/wechat-login.ts';
import { testServer, type App } from './test-helpers.ts';

const origin = 'http://live.test';
const back = `${origin}/livev3/#/pages/home/index?token=demo`;
let app: App;
beforeAll(async () => {
  app = await testServer({ mode: 'test', publicOrigin: origin });
}, 60_000);
afterAll(() => app.close());

const local = (url: string) => {
  const parsed = new URL(url, origin);
  return parsed.pathname + parsed.search;
};

/** A browser starts a login and approves it as `subject`: its cookie and the callback address WeChat sends it to. */
async function startLogin(subject: string): Promise<{ setCookie: string; cookie: string; callback: string }> {
  const entry = await app.inject({ url: `/v3/api/user/login/wx?callback=${encodeURIComponent(back)}` });
  expect(entry.statusCode).toBe(302);
  const setCookie = String(entry.headers['set-cookie']);
  const authorise = new URL(entry.headers.location as string);
  const approve = await app.inject({
    url: `/emulator/wechat/open/connect/oauth2/approve?${new URLSearchParams({
      redirect_uri: authorise.searchParams.get('redirect_uri')!,
      state: authorise.searchParams.get('state')!,
      scope: 'snsapi_userinfo',
      subject,
    })}`,
  });
  expect(approve.statusCode).toBe(302);
  return { setCookie, cookie: setCookie.split(';')[0], callback: approve.headers.location as string };
}

const refusedAsInvalid = (answer: Awaited<ReturnType<App['inject']>>) => {
  expect(answer.statusCode).toBe(400);
  expect(answer.headers['content-type']).toContain('text/html');
  expect(answer.body).toContain('invalid or has expired');
  expect(answer.headers.location).toBeUndefined();
  expect(answer.body).not.toContain('auth_token');
};

describe('the WeChat login state is bound to the browser that started it', () => {
  it('sets an HttpOnly, SameSite=Lax cookie for the callback only, and keeps only its hash', async () => {
    const { setCookie, cookie, callback } = await startLogin('cookie-shape');
    const [pair, ...flags] = setCookie.split('; ');
    expect(pair).toMatch(new RegExp(`^${OAUTH_BROWSER_COOKIE}=[A-Za-z0-9_-]{43}$`));
    expect(flags).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Lax', `Path=${OAUTH_CALLBACK_PATH}`, 'Max-Age=600']),
    );
    const state = new URL(callback).searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9]{1,128}$/);
    const row = await app.sql
      .selectFrom('wechat_oauth_states')
      .selectAll()
      .where('id', '=', state)
      .executeTakeFirstOrThrow();
    const nonce = cookie.split('=')[1];
    expect(row.browser_hash).toBe(crypto.createHash('sha256').update(nonce).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(nonce);
  });

  it("refuses an attacker's callback address opened in a victim's browser, with or without a login of its own", async () => {
    const attacker = await startLogin('attacker');
    // The victim's browser: no login cookie at all, then one of a login of its own.
    refusedAsInvalid(await app.inject({ url: local(attacker.callback) }));
    const victim = await startLogin('victim');
    refusedAsInvalid(await app.inject({ url: local(attacker.callback), headers: { cookie: victim.cookie } }));
    // A made-up nonce of the right shape, or a mangled one.
    for (const cookie of [
      `${OAUTH_BROWSER_COOKIE}=${crypto.randomBytes(32).toString('base64url')}`,
      `${OAUTH_BROWSER_COOKIE}=${attacker.cookie.split('=')[1].slice(1)}`,
    ])
      refusedAsInvalid(await app.inject({ url: local(attacker.callback), headers: { cookie } }));
    // No session was made for anyone along the way; each browser still lands on its own login.
    const landed = await app.inject({ url: local(victim.callback), headers: { cookie: victim.cookie } });
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toContain('auth_token=');
    // The spent state's cookie is cleared.
    expect(String(landed.headers['set-cookie'])).toMatch(
      new RegExp(`^${OAUTH_BROWSER_COOKIE}=; .*Max-Age=0`),
    );
    const own = await app.inject({ url: local(attacker.callback), headers: { cookie: attacker.cookie } });
    expect(own.statusCode).toBe(302);
  });

  it('tells another browser nothing about a used state either', async () => {
    const login = await startLogin('used-state');
    expect(
      (await app.inject({ url: local(login.callback), headers: { cookie: login.cookie } })).statusCode,
    ).toBe(302);
    // Its own browser is told it was used; any other gets the same page as for a state never issued.
    const replay = await app.inject({ url: local(login.callback), headers: { cookie: login.cookie } });
    expect(replay.body).toContain('already used');
    refusedAsInvalid(await app.inject({ url: local(login.callback) }));
  });
});
