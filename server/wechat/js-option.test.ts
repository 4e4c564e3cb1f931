/**
 * GET /v2/api/wechat/wechat_js_option: the signed wx.config for a page names every JS-SDK call the app makes
 * (scanQRCode for the scan page among them) and the mini-program open tag the jump page renders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type App } from '../security/test-helpers.ts';

/** The JS-SDK calls the app's pages make: sharing, image preview, location, scanning. */
const PAGE_CALLS = [
  'updateTimelineShareData',
  'updateAppMessageShareData',
  'onMenuShareTimeline',
  'onMenuShareAppMessage',
  'previewImage',
  'getLocation',
  'openLocation',
  'scanQRCode',
];

let app: App;
beforeAll(async () => {
  app = await testServer({ mode: 'test' });
}, 60_000);
afterAll(() => app.close());

describe('the JS-SDK option', () => {
  it('asks for scanQRCode, every call the app makes and the wx-open-launch-weapp open tag', async () => {
    const callback = 'https://h.example/livev3/?token=demo';
    const answer = (
      await app.inject({ url: `/v2/api/wechat/wechat_js_option?callback=${encodeURIComponent(callback)}` })
    ).json();
    expect(answer.xcode).toBe(200);
    expect(answer.data).toMatchObject({
      appId: expect.any(String),
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
      openTagList: ['wx-open-launch-weapp'],
    });
    expect(answer.data.jsApiList).toEqual(expect.arrayContaining(PAGE_CALLS));
  });
});
