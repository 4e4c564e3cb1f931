/**
 * The website app's QR sign-in (the organiser console on a desktop) through the production code against the
 * emulator: the entry with qr=1 sends the browser to WeChat's qrconnect page (the website app's appid, scope
 * snsapi_login) and sets its own login cookie; the phone's scan page confirms as a WeChat user; the desktop page's
 * poll hands over the callback with a code, which the website app redeems (never the official account, nor the
 * other way round). The person is found by unionid: the same account as their official-account login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';

const clock = Date.UTC(2026, 10, 23, 4);
let app: Awaited<ReturnType<typeof buildServer>>;
const origin = 'http://live.test';
const consoleUrl = `${origin}/livev3/console/`;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', publicOrigin: origin, now: () => clock });
});
afterAll(() => app.close());

const path = (url: string) => {
  const parsed = new URL(url, origin);
  return parsed.pathname + parsed.search;
};

/** The entry, the QR page, the phone's confirmation, and the desktop page's poll: the callback with its cookie. */
async function scanAs(subject: string, answer: 'confirm' | 'cancel' = 'confirm') {
  const entry = await app.inject({
    url: `/v3/api/user/login/wx?qr=1&callback=${encodeURIComponent(consoleUrl)}`,
  });
  expect(entry.statusCode).toBe(302);
  const cookie = String(entry.headers['set-cookie']).split(';')[0];
  expect(String(entry.headers['set-cookie'])).toContain('Path=/v3/api/user/login/wx/qr-callback');
  expect(cookie).toMatch(/^livev3_wx_qr_login=[\w-]{43}$/);
  const qrconnect = new URL(entry.headers.location as string);
  expect(qrconnect.pathname).toBe('/emulator/wechat/open/connect/qrconnect');
  expect(qrconnect.hash).toBe('#wechat_redirect');
  expect(Object.fromEntries(qrconnect.searchParams)).toMatchObject({
    appid: app.services.wechat.credentials.websiteAppId,
    redirect_uri: `${origin}/v3/api/user/login/wx/qr-callback`,
    response_type: 'code',
    scope: 'snsapi_login',
  });
  const page = await app.inject({ url: path(qrconnect.toString()) });
  const uuid = /uuid=([0-9a-f]+)/.exec(page.body)?.[1] ?? '';
  expect(uuid).not.toBe('');
  const qr = await app.inject({ url: `/emulator/wechat/open/connect/qrconnect/qr.png?uuid=${uuid}` });
  expect(qr.headers['content-type']).toBe('image/png');
  const poll = () =>
    app.inject({ url: `/emulator/wechat/open/connect/qrconnect/poll?uuid=${uuid}` }).then((r) => r.json());
  expect(await poll()).toEqual({ status: 'waiting' });
  await app.inject({
    url: `/emulator/wechat/open/connect/qrconnect/confirm?${new URLSearchParams({ uuid, subject, answer })}`,
  });
  const polled = (await poll()) as { status: string; redirect?: string };
  return { polled, cookie };
}

describe('WeChat QR sign-in (website app)', () => {
  it('signs the scanning person in, as the same account as their official-account login (unionid)', async () => {
    // The person logs in to the viewer app through the official account first.
    const code = (
      await app.inject({
        method: 'POST',
        url: '/emulator/wechat/code',
        payload: { kind: 'oauth', subject: 'qr-organiser' },
      })
    ).json().data.code as string;
    const viewer = (
      await app.inject({ method: 'POST', url: '/v3/api/user/login/wx', payload: { code } })
    ).json().data.user_id as number;
    const { polled, cookie } = await scanAs('qr-organiser');
    expect(polled.status).toBe('confirmed');
    const landed = await app.inject({ url: path(polled.redirect!), headers: { cookie } });
    expect(landed.statusCode).toBe(302);
    const back = new URL(landed.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(consoleUrl);
    const token = new URLSearchParams(back.hash.split('?')[1]).get('auth_token')!;
    expect(token).toBeTruthy();
    const me = await app.inject({ url: '/v3/api/console/me', headers: { authorization: `Bearer ${token}` } });
    const userId = me.json().data.user_id as number;
    expect(userId).toBe(viewer);
    const user = await app.sql
      .selectFrom('users')
      .select(['openid', 'unionid'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    // The account keeps the official account's openid (the website app's is its own); the unionid named the person.
    expect(user.openid).not.toBeNull();
    expect(user.unionid).toMatch(/^u/);

    // A second sign-in is the same account, and the callback's cookie is spent.
    const again = await scanAs('qr-organiser');
    const second = await app.inject({ url: path(again.polled.redirect!), headers: { cookie: again.cookie } });
    const secondToken = new URLSearchParams(
      new URL(second.headers.location as string).hash.split('?')[1],
    ).get('auth_token')!;
    const secondMe = await app.inject({
      url: '/v3/api/console/me',
      headers: { authorization: `Bearer ${secondToken}` },
    });
    expect(secondMe.json().data.user_id).toBe(userId);
    const replay = await app.inject({ url: path(again.polled.redirect!), headers: { cookie: again.cookie } });
    expect(replay.statusCode).toBe(400);
  });

  it("refuses a callback without the starting browser's cookie, and a code redeemed at the wrong callback", async () => {
    const { polled, cookie } = await scanAs('qr-stranger');
    const stolen = await app.inject({ url: path(polled.redirect!) });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.headers.location).toBeUndefined();
    // The website app's code at the official account's callback: that state is not this cookie's, and the code is
    // not the official account's either.
    const callback = new URL(polled.redirect!);
    const wrong = await app.inject({
      url: `/v3/api/user/login/wx/callback${callback.search}`,
      headers: { cookie: cookie.replace('livev3_wx_qr_login', 'livev3_wx_login') },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers.location).toBeUndefined();
  });

  it('makes an account for a person new to the server, keeping no openid of the website app', async () => {
    const { polled, cookie } = await scanAs('qr-newcomer');
    const landed = await app.inject({ url: path(polled.redirect!), headers: { cookie } });
    const token = new URLSearchParams(new URL(landed.headers.location as string).hash.split('?')[1]).get(
      'auth_token',
    )!;
    const me = (
      await app.inject({ url: '/v3/api/console/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(me.data).toMatchObject({ nickname: 'WeChat qr-newcomer', organisations: [] });
    const user = await app.sql
      .selectFrom('users')
      .select(['openid', 'unionid'])
      .where('id', '=', me.data.user_id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ openid: null, unionid: expect.stringMatching(/^u/) });
  });

  it('tells the desktop page when the phone cancels, and hands out no code', async () => {
    const { polled } = await scanAs('qr-cancel', 'cancel');
    expect(polled).toEqual({ status: 'cancelled' });
  });

  it('refuses a QR sign-in to another site', async () => {
    const entry = await app.inject({
      url: `/v3/api/user/login/wx?qr=1&callback=${encodeURIComponent('https://evil.example/livev3/console/')}`,
    });
    expect(entry.json()).toMatchObject({ xcode: 400 });
  });
});
