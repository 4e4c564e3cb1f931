/**
 * Web login (OAuth 2.0) through the production code against the emulator: the entry sends the browser to the
 * authorise URL with a short random state (WeChat's rule: a-zA-Z0-9, at most 128 bytes) whose return address the
 * server keeps, and sets the browser's login cookie; the callback (with that cookie) exchanges the code and returns
 * to the app logged in. Unknown, expired or replayed states and refused codes get an error page, never a session
 * (a callback from another browser: server/security/oauth-browser.test.ts). Plus the client's token cache (one fetch
 * for many callers, refreshed once on 42001/40001).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { safeCallback } from '../accounts/wechat-login';
import { ApiFailure } from '../envelope';
import { WechatApiError, WechatClient, type Transport } from './client';
import { wechatCredentials } from './credentials';
import { emulatorControl } from './emulator';

let clock = Date.UTC(2026, 10, 23, 4);
let app: Awaited<ReturnType<typeof buildServer>>;
const origin = 'http://live.test';
const callback = `${origin}/livev3/#/pages/home/index?token=demo`;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', publicOrigin: origin, now: () => clock });
});
afterAll(() => app.close());

const path = (url: string) => {
  const parsed = new URL(url, origin);
  return parsed.pathname + parsed.search;
};

/** The login cookie each entry set, by the state it issued: the browser that started the login sends it back. */
const browsers = new Map<string, string>();
function keepBrowser(entry: { headers: Record<string, unknown> }, authoriseUrl: URL) {
  const cookie = String(entry.headers['set-cookie'] ?? '').split(';')[0];
  expect(cookie).toMatch(/^livev3_wx_login=[\w-]{43}$/);
  browsers.set(authoriseUrl.searchParams.get('state')!, cookie);
}
/** The callback, from the browser that started its login. */
const land = (url: string) =>
  app.inject({
    url: path(url),
    headers: { cookie: browsers.get(new URL(url, origin).searchParams.get('state') ?? '') ?? '' },
  });

/** entry -> authorise page -> approve as `subject` -> the callback URL with code and state. */
async function authorise(subject: string, back = callback) {
  const entry = await app.inject({
    url: `/v3/api/user/login/wx?callback=${encodeURIComponent(back)}&token=demo&auth_token=none`,
  });
  expect(entry.statusCode).toBe(302);
  const authoriseUrl = new URL(entry.headers.location as string);
  keepBrowser(entry, authoriseUrl);
  expect(authoriseUrl.pathname).toBe('/emulator/wechat/open/connect/oauth2/authorize');
  expect(authoriseUrl.hash).toBe('#wechat_redirect');
  expect(Object.fromEntries(authoriseUrl.searchParams)).toMatchObject({
    appid: app.services.wechat.credentials.appId,
    redirect_uri: `${origin}/v3/api/user/login/wx/callback`,
    response_type: 'code',
    scope: 'snsapi_userinfo',
  });
  const page = await app.inject({ url: path(authoriseUrl.toString()) });
  expect(page.body).toContain('Authorise');
  const approve = await app.inject({
    url: `/emulator/wechat/open/connect/oauth2/approve?${new URLSearchParams({
      redirect_uri: authoriseUrl.searchParams.get('redirect_uri')!,
      state: authoriseUrl.searchParams.get('state')!,
      scope: 'snsapi_userinfo',
      subject,
    })}`,
  });
  expect(approve.statusCode).toBe(302);
  return approve.headers.location as string;
}

describe('web OAuth login', () => {
  it('lands back on the event logged in, as the same viewer each time', async () => {
    const back = await land(await authorise('olivia'));
    expect(back.statusCode).toBe(302);
    const target = new URL(back.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${origin}/livev3/`);
    const params = new URLSearchParams(target.hash.split('?')[1]);
    expect(params.get('token')).toBe('demo');
    const token = params.get('auth_token')!;
    const info = (
      await app.inject({
        method: 'POST',
        url: '/v3/api/user/info',
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(info).toMatchObject({ xcode: 200, data: { nickname: 'WeChat olivia' } });
    const again = await land(await authorise('olivia'));
    const token2 = new URLSearchParams(new URL(again.headers.location as string).hash.split('?')[1]).get(
      'auth_token',
    )!;
    const info2 = (
      await app.inject({
        method: 'POST',
        url: '/v3/api/user/info',
        payload: {},
        headers: { authorization: `Bearer ${token2}` },
      })
    ).json();
    expect(info2.data.user_id).toBe(info.data.user_id);
  });

  it('a replayed callback (same state and code) gets the error page, not a session', async () => {
    const url = await authorise('peter');
    // Callbacks racing with one state: one lands, the others are told it was used.
    const racing = await Promise.all(Array.from({ length: 4 }, () => land(url)));
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([302, 400, 400, 400]);
    const replay = await land(url);
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['content-type']).toContain('text/html');
    expect(replay.body).toContain('already used');
    expect(replay.headers.location).toBeUndefined();
  });

  it('a forged or expired state, or a refused code, gets the error page', async () => {
    const url = new URL(await authorise('quinn'), origin);
    const state = url.searchParams.get('state')!;
    // A state the server never issued, of the right shape or not.
    for (const made of ['0123456789abcdef0123456789abcdef', 'abc', 'forged.state', 'x'.repeat(200)]) {
      const forged = new URL(url);
      forged.searchParams.set('state', made);
      const forgedAnswer = await app.inject({
        url: path(forged.toString()),
        headers: { cookie: browsers.get(state)! },
      });
      expect(forgedAnswer.statusCode).toBe(400);
      expect(forgedAnswer.body).toContain('invalid or has expired');
    }
    // A code WeChat refuses (unknown): error page with WeChat's code.
    const badCode = new URL(url);
    badCode.searchParams.set('code', 'not-a-code');
    const refused = await land(badCode.toString());
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('40029');
    // The state of that attempt is used up now, and an expired state is refused too.
    const later = new URL(await authorise('quinn'), origin);
    clock += 11 * 60 * 1000;
    const expired = await land(later.toString());
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('invalid or has expired');
    expect(state).not.toBe(later.searchParams.get('state'));
  });

  it("the emulator's authorise page holds the state to WeChat's rule: a-zA-Z0-9, at most 128 bytes", async () => {
    const entry = await app.inject({ url: `/v3/api/user/login/wx?callback=${encodeURIComponent(callback)}` });
    const authoriseUrl = new URL(entry.headers.location as string);
    const withState = (state: string) => {
      const changed = new URL(authoriseUrl);
      changed.searchParams.set('state', state);
      return app.inject({ url: path(changed.toString()) });
    };
    expect((await withState('A'.repeat(128))).body).toContain('Authorise');
    for (const state of ['A'.repeat(129), 'eyJpZCI6IngifQ.mac-with_dashes', '状态']) {
      const page = await withState(state);
      expect(page.body).not.toContain('Authorise');
      expect(page.body).toContain('state参数错误');
      expect(page.body).toContain('a-zA-Z0-9');
      expect(page.body).toContain('128');
    }
    const approve = await app.inject({
      url: `/emulator/wechat/open/connect/oauth2/approve?${new URLSearchParams({
        redirect_uri: authoriseUrl.searchParams.get('redirect_uri')!,
        state: 'A'.repeat(129),
        scope: 'snsapi_userinfo',
        subject: 'rita',
      })}`,
    });
    expect(approve.statusCode).toBe(400);
  });

  it('only callbacks on this site', async () => {
    const answer = await app.inject({
      url: `/v3/api/user/login/wx?callback=${encodeURIComponent('https://evil.test/x')}&locale=en`,
    });
    expect(answer.json()).toMatchObject({ xcode: 400, msg: 'callback must be on this site' });
  });

  it('an app opened on 127.0.0.1 in development logs in there and comes back to 127.0.0.1', async () => {
    const local = 'http://127.0.0.1:8080/livev3/#/pages/home/index?token=demo';
    // The emulator is this server: the whole login stays on the address the app was opened on (a phone on the LAN
    // could not reach PUBLIC_ORIGIN's localhost). Against WeChat it would start on the public origin.
    const started = await app.inject({
      url: `/v3/api/user/login/wx?callback=${encodeURIComponent(local)}&token=demo&auth_token=none`,
      headers: { host: '127.0.0.1:8080' },
    });
    expect(started.statusCode).toBe(302);
    const authoriseUrl = new URL(started.headers.location as string);
    expect(authoriseUrl.origin).toBe('http://127.0.0.1:8080');
    expect(authoriseUrl.searchParams.get('redirect_uri')).toBe(
      'http://127.0.0.1:8080/v3/api/user/login/wx/callback',
    );
    keepBrowser(started, authoriseUrl);
    const approve = await app.inject({
      url: `/emulator/wechat/open/connect/oauth2/approve?${new URLSearchParams({
        redirect_uri: authoriseUrl.searchParams.get('redirect_uri')!,
        state: authoriseUrl.searchParams.get('state')!,
        scope: 'snsapi_userinfo',
        subject: 'loopback',
      })}`,
      headers: { host: '127.0.0.1:8080' },
    });
    const back = await land(approve.headers.location as string);
    expect(back.statusCode).toBe(302);
    const target = new URL(back.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://127.0.0.1:8080/livev3/');
    expect(new URLSearchParams(target.hash.split('?')[1]).get('auth_token')).toMatch(/.{20,}/);
  });

  it('production takes callbacks to the public origin only; development also loopback, never another site', () => {
    const local = 'http://127.0.0.1:8080/livev3/';
    expect(() => safeCallback(local, { publicOrigin: origin, production: true })).toThrow(ApiFailure);
    expect(safeCallback(local, { publicOrigin: origin, production: false })).toBe(local);
    expect(() =>
      safeCallback('http://evil.test/livev3/', { publicOrigin: origin, production: false }),
    ).toThrow(ApiFailure);
  });
});

describe('the WeChat client: tokens', () => {
  it('one token fetch for many callers at once; 42001 refreshes once; the JS-SDK ticket follows', async () => {
    const client = app.services.wechat.client;
    client.fetches.token = 0;
    client.fetches.ticket = 0;
    const tickets = await Promise.all(Array.from({ length: 10 }, () => client.jsapiTicket()));
    expect(new Set(tickets).size).toBe(1);
    expect(client.fetches).toEqual({ token: 1, ticket: 1 });
    await emulatorControl(app, { expireTokens: true });
    // The cached ticket stays valid; an API call with the expired token refreshes it once and succeeds.
    const phoneCode = (
      await app.inject({
        method: 'POST',
        url: '/emulator/wechat/code',
        payload: { kind: 'phone', subject: '13912345678' },
      })
    ).json().data.code;
    const phone = await client.withToken('web', (token) =>
      client.json<{ phone_info: { purePhoneNumber: string } }>(
        `${client.credentials.apiBase}/wxa/business/getuserphonenumber?access_token=${token}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: phoneCode }),
        },
      ),
    );
    expect(phone.phone_info.purePhoneNumber).toBe('13912345678');
    expect(client.fetches.token).toBe(2);
  });

  it('gives up after one refresh and reports WeChat errors as WechatApiError', async () => {
    const credentials = wechatCredentials({ WECHAT_APP_ID: 'wxA', WECHAT_APP_SECRET: 'sA' }, 'test');
    let tokenCalls = 0;
    const transport: Transport = async (url) => {
      const pathname = new URL(url).pathname;
      if (pathname === '/cgi-bin/token') {
        tokenCalls += 1;
        return {
          status: 200,
          headers: {},
          body: Buffer.from(JSON.stringify({ access_token: `T${tokenCalls}`, expires_in: 7200 })),
        };
      }
      return {
        status: 200,
        headers: {},
        body: Buffer.from(JSON.stringify({ errcode: 42001, errmsg: 'access_token expired' })),
      };
    };
    const client = new WechatClient(credentials, transport, () => clock);
    await expect(client.jsapiTicket()).rejects.toEqual(new WechatApiError(42001, 'access_token expired'));
    expect(tokenCalls).toBe(2);
  });
});

describe('the longest settings', () => {
  // A 200-character PUBLIC_ORIGIN (DNS labels of at most 63) and a long return link.
  const longOrigin = `https://${'l'.repeat(63)}.${'o'.repeat(63)}.${'n'.repeat(59)}.test`;
  const longBack = `${longOrigin}/livev3/#/pages/home/index?token=demo&share=${'s'.repeat(1500)}&from=${encodeURIComponent('直播间')}`;
  let long: Awaited<ReturnType<typeof buildServer>>;
  beforeAll(async () => {
    long = await buildServer({
      databasePath: ':memory:',
      mode: 'test',
      publicOrigin: longOrigin,
      now: () => clock,
    });
  });
  afterAll(() => long.close());

  it("keep the state within WeChat's 128 bytes of letters and digits; the login returns to the stored link", async () => {
    expect(longOrigin).toHaveLength(200);
    const local = (url: string) => {
      const parsed = new URL(url);
      return parsed.pathname + parsed.search;
    };
    const entry = await long.inject({
      url: `/v3/api/user/login/wx?callback=${encodeURIComponent(longBack)}&token=demo&auth_token=none`,
    });
    expect(entry.statusCode).toBe(302);
    const authoriseUrl = new URL(entry.headers.location as string);
    const state = authoriseUrl.searchParams.get('state')!;
    // On https the login cookie is Secure too.
    expect(String(entry.headers['set-cookie'])).toMatch(/; Secure$/);
    const cookie = String(entry.headers['set-cookie']).split(';')[0];
    expect(state).toMatch(/^[A-Za-z0-9]+$/);
    expect(Buffer.byteLength(state, 'utf8')).toBeLessThanOrEqual(128);
    // The return link is kept on the server, under the state.
    expect(
      await long.sql
        .selectFrom('wechat_oauth_states')
        .select('return_to')
        .where('id', '=', state)
        .executeTakeFirstOrThrow(),
    ).toEqual({ return_to: new URL(longBack).toString() });
    const page = await long.inject({ url: local(authoriseUrl.toString()) });
    expect(page.body).toContain('Authorise');
    const approve = await long.inject({
      url: `/emulator/wechat/open/connect/oauth2/approve?${new URLSearchParams({
        redirect_uri: authoriseUrl.searchParams.get('redirect_uri')!,
        state,
        scope: 'snsapi_userinfo',
        subject: 'sam',
      })}`,
    });
    expect(approve.statusCode).toBe(302);
    const landed = await long.inject({ url: local(approve.headers.location as string), headers: { cookie } });
    expect(landed.statusCode).toBe(302);
    const target = new URL(landed.headers.location as string);
    const params = new URLSearchParams(target.hash.split('?')[1]);
    expect(params.get('auth_token')).toBeTruthy();
    params.delete('auth_token');
    target.hash = `${target.hash.split('?')[0]}?${params}`;
    expect(target.toString()).toBe(new URL(longBack).toString());
  });
});
