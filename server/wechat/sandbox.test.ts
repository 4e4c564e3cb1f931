import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { jsSdkSignature } from './sign';

let app: Awaited<ReturnType<typeof buildServer>>;
const host = { host: 'live.test' };

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', publicOrigin: 'http://live.test' });
});
afterAll(() => app.close());

describe('JS-SDK config', () => {
  it('signs the page URL with the sandbox ticket and lists the APIs the app uses', async () => {
    const page = 'http://live.test/livev3/#/pages/home/index?token=demo';
    const { xcode, data } = (
      await app.inject({
        url: `/v2/api/wechat/wechat_js_option?callback=${encodeURIComponent(page)}&user_id=1`,
        headers: host,
      })
    ).json();
    expect(xcode).toBe(200);
    expect(data.jsApiList).toEqual(
      expect.arrayContaining(['updateAppMessageShareData', 'onMenuShareTimeline', 'chooseWXPay']),
    );
    expect(data.signature).toBe(
      jsSdkSignature({
        jsapiTicket: 'sandbox-jsapi-ticket-livev3',
        nonceStr: data.nonceStr,
        timestamp: data.timestamp,
        url: page,
      }),
    );
  });

  it('serves the JS-SDK shim as JavaScript', async () => {
    const response = await app.inject({ url: '/sandbox/wechat/jweixin.js' });
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toContain('window.wx');
  });
});

describe('WeChat login (sandbox)', () => {
  const callback = 'http://live.test/livev3/#/pages/user/index?token=demo';

  it('goes entry -> authorise page -> callback -> app with auth_token in the hash query, and the token works', async () => {
    const entry = await app.inject({
      url: `/v3/api/user/login/wx?callback=${encodeURIComponent(callback)}&token=demo&auth_token=none`,
      headers: host,
    });
    expect(entry.statusCode).toBe(302);
    const authorise = await app.inject({ url: entry.headers.location as string, headers: host });
    const approve = /id="authorise" href="([^"]+)"/
      .exec(authorise.body)?.[1]
      .replace(/&#38;/g, '&') as string;
    const back = await app.inject({ url: approve, headers: host });
    expect(back.statusCode).toBe(302);
    const target = new URL(back.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://live.test/livev3/');
    const token = new URLSearchParams(target.hash.split('?')[1]).get('auth_token') as string;
    expect(token.length).toBeGreaterThan(20);
    expect(new URLSearchParams(target.hash.split('?')[1]).get('token')).toBe('demo');
    const detail = await app.inject({
      url: '/v3/api/video/detail?token=demo',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.json().xcode).toBe(200);
  });

  it('refuses a callback on another site', async () => {
    const response = await app.inject({
      url: `/v3/api/user/login/wx?callback=${encodeURIComponent('https://evil.test/steal')}`,
      headers: host,
    });
    expect(response.json()).toMatchObject({ xcode: 400, msg: 'callback must be on this site' });
  });
});
