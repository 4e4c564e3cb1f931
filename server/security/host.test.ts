/**
 * Item 12 (development): the WeChat sandbox's login redirect trusted the request's Host header, so a forged Host made
 * another site count as "this site" and received the viewer's token. Every redirect and URL the server, the WeChat
 * login and the emulator build comes from the configured public origin (PUBLIC_ORIGIN); a Host header or
 * X-Forwarded-Host naming anything else is ignored.
 *
 * Issue 31 (development from any address): outside production the login also runs on the address the app was opened
 * on when that address is this server's own: a loopback address (127.0.0.1 while PUBLIC_ORIGIN names localhost), or
 * the IP the connection came to (a phone on the Wi-Fi opening the server by its LAN address, `HOST=0.0.0.0`).
 * Production keeps PUBLIC_ORIGIN only. A refused login opened as a page goes back to the app with a message, never
 * to the refused address and never as a JSON answer.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app.ts';
import { ownRequestOrigin } from './return-links.ts';
import { productionWechatSettings, testServer, type App } from './test-helpers.ts';

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

/** What a browser sends when it opens an address as a page. */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html' };

describe('a refused login opened as a page', () => {
  it('goes back to the app on this address with the reason, never to the refused callback', async () => {
    const refused = encodeURIComponent('http://evil.test/livev3/#/pages/user/index?token=demo&locale=en');
    const answer = await get(`/v3/api/user/login/wx?callback=${refused}&token=demo`, NAVIGATION);
    expect(answer.statusCode).toBe(302);
    // Relative: the browser stays on the address it opened, whatever the Host or the callback say.
    expect(answer.headers.location).toBe(
      '/livev3/#/pages/user/index?token=demo&locale=en&login_error=callback',
    );
  });

  it('without a callback or with a broken one: the app home, the event kept from the entry', async () => {
    for (const query of [
      'token=demo',
      'callback=not-a-url&token=demo',
      `callback=${encodeURIComponent('javascript:alert(1)')}&token=demo`,
    ]) {
      const answer = await get(`/v3/api/user/login/wx?${query}`, NAVIGATION);
      expect(answer.statusCode, query).toBe(302);
      expect(answer.headers.location, query).toBe(
        '/livev3/#/pages/home/index?token=demo&login_error=callback',
      );
    }
  });

  it('a route that is not a plain path is not carried over', async () => {
    const odd = encodeURIComponent('http://evil.test/#//evil.test/x?token=<b>');
    const answer = await get(`/v3/api/user/login/wx?callback=${odd}`, NAVIGATION);
    expect(answer.headers.location).toBe('/livev3/#/pages/home/index?login_error=callback');
  });

  it('a script calling the entry still gets the JSON answer', async () => {
    const answer = await get(`/v3/api/user/login/wx?callback=${encodeURIComponent('http://evil.test/')}`, {
      'sec-fetch-mode': 'cors',
      accept: 'text/html',
    });
    expect(answer.json()).toMatchObject({ xcode: 400, data: null });
  });
});

/** Follows the sandbox login from its entry on `site` (all requests with that Host) to the app: the app's address. */
async function sandboxLogin(
  request: (
    url: string,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; location?: string; cookie?: string }>,
  site: string,
  callback: string,
): Promise<string> {
  const local = (url: string) => {
    const parsed = new URL(url);
    expect(parsed.origin).toBe(site);
    return parsed.pathname + parsed.search;
  };
  const entry = await request(`/v3/api/user/login/wx?callback=${encodeURIComponent(callback)}&token=demo`);
  expect(entry.status).toBe(302);
  const authorise = new URL(entry.location!);
  const redirectUri = authorise.searchParams.get('redirect_uri')!;
  expect(new URL(redirectUri).origin).toBe(site);
  const page = await request(local(authorise.toString()));
  expect(page.status).toBe(200);
  const approve = await request(
    `/emulator/wechat/open/connect/oauth2/approve?${new URLSearchParams({
      redirect_uri: redirectUri,
      state: authorise.searchParams.get('state')!,
      scope: 'snsapi_userinfo',
      subject: 'any-address',
    })}`,
  );
  expect(approve.status).toBe(302);
  const landed = await request(local(approve.location!), { cookie: entry.cookie! });
  expect(landed.status).toBe(302);
  return landed.location!;
}

describe('development on another address than PUBLIC_ORIGIN', () => {
  let dev: App;
  beforeAll(async () => {
    dev = await testServer({ mode: 'development', publicOrigin: 'http://localhost:8080' });
  }, 60_000);
  afterAll(() => dev.close());

  const at =
    (host: string) =>
    async (url: string, headers: Record<string, string> = {}) => {
      const answer = await dev.inject({ method: 'GET', url, headers: { host, ...headers } });
      return {
        status: answer.statusCode,
        location: answer.headers.location as string | undefined,
        cookie: answer.headers['set-cookie'] ? String(answer.headers['set-cookie']).split(';')[0] : undefined,
      };
    };

  it('logs in the app opened at 127.0.0.1 there, from entry to return', async () => {
    const back = 'http://127.0.0.1:8080/livev3/#/pages/home/index?token=demo';
    const opened = new URL(await sandboxLogin(at('127.0.0.1:8080'), 'http://127.0.0.1:8080', back));
    expect(opened.origin).toBe('http://127.0.0.1:8080');
    const token = new URLSearchParams(opened.hash.split('?')[1]).get('auth_token')!;
    const account = await dev.inject({
      method: 'POST',
      url: '/v3/api/user/info',
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(account.json()).toMatchObject({ xcode: 200, data: { nickname: 'WeChat any-address' } });
  });

  it('refuses a LAN address the connection did not come to', async () => {
    const answer = await dev.inject({
      url: `/v3/api/user/login/wx?callback=${encodeURIComponent('http://192.168.1.20:8080/livev3/')}`,
      headers: { host: '192.168.1.20:8080' },
    });
    expect(answer.json()).toMatchObject({ xcode: 400, msg: 'callback 必须是本站地址' });
  });
});

/** This machine's first IPv4 address on a network (not loopback): what a phone on the same Wi-Fi opens. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe.skipIf(!lanAddress)('development on a LAN address (HOST=0.0.0.0)', () => {
  let dev: App;
  let site = '';
  beforeAll(async () => {
    dev = await testServer({ mode: 'development', publicOrigin: 'http://localhost:8080' });
    await dev.listen({ host: '0.0.0.0', port: 0 });
    site = `http://${lanAddress}:${(dev.server.address() as { port: number }).port}`;
  }, 60_000);
  afterAll(() => dev.close());

  /** A request over the network to the server's LAN address, with the Host `host` (default: that address). */
  const over =
    (host?: string) =>
    (url: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; location?: string; cookie?: string; body: string }>((resolve, reject) => {
        const call = http.get(
          new URL(url, site),
          { headers: { ...(host ? { host } : {}), ...headers } },
          (answer) => {
            let body = '';
            answer.setEncoding('utf8');
            answer.on('data', (chunk: string) => (body += chunk));
            answer.on('end', () =>
              resolve({
                status: answer.statusCode ?? 0,
                location: answer.headers.location,
                cookie: answer.headers['set-cookie']?.[0]?.split(';')[0],
                body,
              }),
            );
          },
        );
        call.on('error', reject);
      });

  it('logs in a phone that opened the app by the LAN address, all on that address', async () => {
    const back = `${site}/livev3/#/pages/home/index?token=demo`;
    const opened = new URL(await sandboxLogin(over(), site, back));
    expect(opened.origin).toBe(site);
    expect(opened.hash).toMatch(/auth_token=/);
  });

  it('does not take a Host naming another address or a name, sent over that connection', async () => {
    for (const host of ['192.0.2.99:8080', 'evil.test', `rebound.evil.test:${new URL(site).port}`]) {
      const callback = `http://${host}/livev3/`;
      const answer = await over(host)(`/v3/api/user/login/wx?callback=${encodeURIComponent(callback)}`);
      expect(JSON.parse(answer.body), host).toMatchObject({ xcode: 400, msg: 'callback 必须是本站地址' });
    }
  });
});

describe('the own address of a request', () => {
  it('is a loopback Host, or the IP the connection came to; never another Host', () => {
    const request = (host: string, localAddress?: string) => ({
      protocol: 'http',
      host,
      socket: { localAddress },
    });
    expect(ownRequestOrigin(request('127.0.0.1:8080'))).toBe('http://127.0.0.1:8080');
    expect(ownRequestOrigin(request('localhost:5173'))).toBe('http://localhost:5173');
    expect(ownRequestOrigin(request('192.168.1.20:8080', '192.168.1.20'))).toBe('http://192.168.1.20:8080');
    expect(ownRequestOrigin(request('192.168.1.20:8080', '::ffff:192.168.1.20'))).toBe(
      'http://192.168.1.20:8080',
    );
    expect(ownRequestOrigin(request('[fd00::2]:8080', 'fd00::2'))).toBe('http://[fd00::2]:8080');
    expect(ownRequestOrigin(request('192.168.1.21:8080', '192.168.1.20'))).toBeUndefined();
    expect(ownRequestOrigin(request('box.lan:8080', '192.168.1.20'))).toBeUndefined();
    expect(ownRequestOrigin(request('evil.test'))).toBeUndefined();
  });
});

describe('in production', () => {
  let prod: App;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-host-'));
  const publicOrigin = 'https://live.example.test';
  beforeAll(async () => {
    // Phone codes off: this test needs no SMS gateway.
    const settings = { PUBLIC_ORIGIN: publicOrigin, PHONE_CODES: 'off', ...productionWechatSettings(dir) };
    for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
    prod = await buildServer({
      databasePath: ':memory:',
      mode: 'production',
      publicOrigin,
      streamSecret: 'stream-secret',
    });
  }, 60_000);
  afterAll(async () => {
    await prod?.close();
    vi.unstubAllEnvs();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes callbacks to PUBLIC_ORIGIN only, whatever address the request came to', async () => {
    const entry = (callback: string, host: string, headers: Record<string, string> = {}) =>
      prod.inject({
        url: `/v3/api/user/login/wx?callback=${encodeURIComponent(callback)}&token=demo`,
        headers: { host, ...headers },
      });
    const ok = await entry(`${publicOrigin}/livev3/#/pages/home/index?token=demo`, 'live.example.test');
    expect(ok.statusCode).toBe(302);
    expect(new URL(ok.headers.location as string).searchParams.get('redirect_uri')).toBe(
      `${publicOrigin}/v3/api/user/login/wx/callback`,
    );
    for (const host of ['127.0.0.1:8080', 'localhost:8080']) {
      const refused = await entry(`http://${host}/livev3/#/pages/home/index?token=demo`, host);
      expect(refused.json(), host).toMatchObject({ xcode: 400, msg: 'callback 必须是本站地址' });
      const page = await entry(`http://${host}/livev3/#/pages/home/index?token=demo`, host, NAVIGATION);
      expect(page.headers.location, host).toBe('/livev3/#/pages/home/index?token=demo&login_error=callback');
    }
  });
});
