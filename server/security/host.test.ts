/**
 * Item 12 (development): the WeChat sandbox's login redirect trusted the request's Host header, so a forged Host made
 * another site count as "this site" and received the viewer's token. Every redirect and URL the server, the WeChat
 * login and the emulator build now comes from the configured public origin (PUBLIC_ORIGIN); the Host header and
 * X-Forwarded-Host are ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type App } from './test-helpers.ts';

const origin = 'https://live.example.test';
const forged = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'http' };

let app: App;
beforeAll(async () => {
  app = await testServer({ mode: 'development', publicOrigin: origin });
}, 60_000);
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...forged, ...headers } });
const local = (url: string) => {
  const parsed = new URL(url, origin);
  return parsed.pathname + parsed.search;
};

describe('a forged Host header', () => {
  it('does not make its site a valid login callback', async () => {
    const answer = await get(
      `/v3/api/user/login/wx?callback=${encodeURIComponent('http://evil.test/livev3/')}`,
    );
    expect(answer.json()).toMatchObject({ xcode: 400, msg: 'callback 必须是本站地址', data: null });
  });

  it('gets the sandbox login redirects on the configured origin, through to the app with the token', async () => {
    const back = `${origin}/livev3/#/pages/home/index?token=demo`;
    const entry = await get(`/v3/api/user/login/wx?callback=${encodeURIComponent(back)}&token=demo`);
    expect(entry.statusCode).toBe(302);
    // The browser's login cookie: the callback takes the state only with it.
    const cookie = String(entry.headers['set-cookie']).split(';')[0];
    const authorise = new URL(entry.headers.location as string);
    expect(authorise.origin).toBe(origin);
    const redirectUri = authorise.searchParams.get('redirect_uri')!;
    expect(new URL(redirectUri).origin).toBe(origin);

    // The emulator's authorise page refuses a redirect to the forged host.
    const page = await get(
      local(authorise.toString()).replace(
        encodeURIComponent(redirectUri),
        encodeURIComponent('http://evil.test/v3/api/user/login/wx/callback'),
      ),
    );
    expect(page.body).toContain('redirect_uri domain mismatch');
    const approveParams = (redirect: string) =>
      new URLSearchParams({
        redirect_uri: redirect,
        state: authorise.searchParams.get('state')!,
        scope: 'snsapi_userinfo',
        subject: 'host-test',
      });
    const refused = await get(
      `/emulator/wechat/open/connect/oauth2/approve?${approveParams('http://evil.test/x')}`,
    );
    expect(refused.statusCode).toBe(400);

    const approve = await get(`/emulator/wechat/open/connect/oauth2/approve?${approveParams(redirectUri)}`);
    expect(approve.statusCode).toBe(302);
    expect(new URL(approve.headers.location as string).origin).toBe(origin);
    const landed = await get(local(approve.headers.location as string), { cookie });
    expect(landed.statusCode).toBe(302);
    const opened = new URL(landed.headers.location as string);
    expect(opened.origin).toBe(origin);
    expect(opened.hash).toMatch(/auth_token=/);
  });

  it('gets relative redirects to the app, never one on its host', async () => {
    for (const path of ['/', '/livev3']) {
      const answer = await get(path);
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/livev3/');
    }
  });
});
