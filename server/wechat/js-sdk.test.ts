/**
 * The JS-SDK entry the app config names (`/wechat/jweixin.js`): the emulator's shim in development and tests, WeChat's
 * own script in production (guards.test.ts starts a production process), and only on WeChat's script hosts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type App } from '../security/test-helpers.ts';
import { JS_SDK_PATH, wechatJsSdkUrl } from './setup.ts';

let app: App;
beforeAll(async () => {
  app = await testServer({ mode: 'test' });
}, 60_000);
afterAll(() => app.close());

describe('the JS-SDK entry', () => {
  it("leads to the emulator's shim outside production, and the shim is a script", async () => {
    const entry = await app.inject({ url: JS_SDK_PATH });
    expect([entry.statusCode, entry.headers.location]).toEqual([302, '/emulator/wechat/jweixin.js']);
    const shim = await app.inject({ url: entry.headers.location as string });
    expect(shim.statusCode).toBe(200);
    expect(shim.headers['content-type']).toMatch(/^application\/javascript/);
  });

  it("takes WeChat's script by default or a WeChat script host from WECHAT_JSSDK_URL, and refuses any other", () => {
    expect(wechatJsSdkUrl({})).toBe('https://res.wx.qq.com/open/js/jweixin-1.6.0.js');
    expect(wechatJsSdkUrl({ WECHAT_JSSDK_URL: 'https://res2.wx.qq.com/open/js/jweixin-1.6.0.js' })).toBe(
      'https://res2.wx.qq.com/open/js/jweixin-1.6.0.js',
    );
    expect(() => wechatJsSdkUrl({ WECHAT_JSSDK_URL: 'https://evil.example/jweixin.js' })).toThrow(
      /WECHAT_JSSDK_URL must be on https:\/\/res\.wx\.qq\.com/,
    );
    expect(() => wechatJsSdkUrl({ WECHAT_JSSDK_URL: 'not a url' })).toThrow(/WECHAT_JSSDK_URL/);
  });
});
