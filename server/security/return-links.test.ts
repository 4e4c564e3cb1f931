/**
 * Return links from wherever the app was opened in development: the WeChat Pay H5 page of the emulator keeps its way
 * back to the app opened at 127.0.0.1 when PUBLIC_ORIGIN names localhost (and the other way round), and to the
 * address the page itself was opened on; another site is never a way back, and production trusts PUBLIC_ORIGIN only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { isLoopbackHost, safeReturnUrl } from './return-links.ts';
import { testServer, type App } from './test-helpers.ts';

const PUBLIC = 'http://localhost:8080';
const CLOCK = Date.UTC(2026, 5, 1, 4);

describe('the allow-list', () => {
  const development = { publicOrigin: PUBLIC, production: false, requestOrigin: 'http://192.168.1.20:8080' };
  const production = { publicOrigin: 'https://live.example.com', production: true };

  it('knows the loopback hosts', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['localhost.evil.test', '128.0.0.1', '10.0.0.1', 'example.com', '127.0.0.1.evil.test'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('outside production: the public origin, any loopback address and the request host', () => {
    for (const url of [
      'http://localhost:8080/livev3/#/pages/home/index?token=demo',
      'http://127.0.0.1:8080/livev3/#/pages/home/index?token=demo',
      'http://127.0.0.1:5173/livev3/#/pages/user/order/detail/index?order_sn=1',
      'http://[::1]:8080/livev3/',
      'http://192.168.1.20:8080/livev3/#/pages/home/index',
    ])
      expect(safeReturnUrl(url, development), url).toBe(new URL(url).toString());
  });

  it('never another site, another scheme, credentials or a relative link', () => {
    for (const url of [
      'https://evil.test/livev3/',
      'http://192.168.1.21:8080/livev3/',
      'http://localhost.evil.test/',
      'http://127.0.0.1@evil.test/',
      'http://user:pass@127.0.0.1:8080/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.test/',
      '/livev3/',
      '',
    ])
      expect(safeReturnUrl(url, development), url).toBeNull();
  });

  it('in production: the public origin only', () => {
    expect(safeReturnUrl('https://live.example.com/livev3/#/x', production)).toBe(
      'https://live.example.com/livev3/#/x',
    );
    expect(safeReturnUrl('http://127.0.0.1:8080/livev3/', production)).toBeNull();
    expect(safeReturnUrl('http://localhost:8080/livev3/', production)).toBeNull();
  });
});

describe('the WeChat Pay H5 page (emulator)', () => {
  let app: App;
  let auth: Record<string, string>;
  beforeAll(async () => {
    app = await testServer({ mode: 'development', publicOrigin: PUBLIC, now: () => CLOCK });
    await app.sql.insertInto('users').values({ id: 61, nickname: 'h5 payer', created_at: 0 }).execute();
    auth = { authorization: `Bearer ${await startSession(app.sql, 61, CLOCK)}` };
  }, 60_000);
  afterAll(() => app.close());

  /** The pay page of a new H5 order, opened with `redirect_url` at `host`. */
  async function payPage(redirect: string, host = 'localhost:8080') {
    const answer = await app.inject({
      method: 'POST',
      url: '/v3/api/wechat/video/pay',
      payload: { token: 'paid', t_type: 'wap' },
      headers: auth,
    });
    const { mweb_url } = answer.json().data as { mweb_url: string };
    const page = new URL(mweb_url);
    expect(page.origin).toBe(PUBLIC);
    page.searchParams.set('redirect_url', redirect);
    const html = (await app.inject({ url: page.pathname + page.search, headers: { host } })).body;
    expect(html).toContain('Confirm payment');
    return JSON.parse(/const back = (".*?");/.exec(html)![1]) as string;
  }

  it('goes back to the app opened at 127.0.0.1 while PUBLIC_ORIGIN names localhost', async () => {
    const back = 'http://127.0.0.1:8080/livev3/#/pages/home/index?token=paid&locale=zh-CN';
    expect(await payPage(back)).toBe(back);
  });

  it('goes back to this site and to the address the page was opened on', async () => {
    const here = 'http://localhost:8080/livev3/#/pages/home/index?token=paid';
    expect(await payPage(here)).toBe(here);
    const lan = 'http://192.168.1.20:8080/livev3/#/pages/home/index?token=paid';
    expect(await payPage(lan, '192.168.1.20:8080')).toBe(lan);
  });

  it('drops a way back to another site', async () => {
    expect(await payPage('https://evil.test/livev3/')).toBe('');
    expect(await payPage('http://192.168.1.20:8080/livev3/')).toBe('');
    expect(await payPage('https://evil.test/livev3/', 'evil.test')).toBe('');
  });
});
