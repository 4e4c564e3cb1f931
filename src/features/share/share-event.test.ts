// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchStore } from '../../lib/launch';
import { resetJsSdk } from '../../lib/wechat/js-sdk';
import { resetSetup } from '../../lib/wechat/setup';
import { BROWSER_UA, clearFakes, fakeWx, OLD_WECHAT_UA, WECHAT_UA } from '../../../tests/fake-wx';
import type { VideoInfo } from '../video/types';
import { shareEvent, sharePayload } from './share-event';

const info = {
  token: 'demo',
  title: '发布会',
  description: '\n第一行介绍\n第二行',
  cover: '/streams/vod/demo/cover.jpg',
} as VideoInfo;
const option = { appId: 'wx123', timestamp: 1, nonceStr: 'n', signature: 's', jsApiList: [] };

beforeEach(() => {
  resetSetup();
  resetJsSdk();
  launchStore.update((draft) => {
    draft.videoToken = 'demo';
    draft.inviteId = '5';
    draft.locale = 'zh-CN';
  });
});
afterEach(() => {
  clearFakes();
  vi.unstubAllGlobals();
});

describe('sharePayload', () => {
  it('links to the event with my user id as inviteId, the first description line and an absolute cover', () => {
    const payload = sharePayload(info, 42, 'https://live.example/livev3/?x=1#/pages/user/index?token=demo');
    const link = new URL(payload.link);
    expect(link.origin + link.pathname + link.search).toBe('https://live.example/livev3/?x=1');
    const query = new URLSearchParams(link.hash.split('?')[1]);
    expect(link.hash.startsWith('#/pages/home/index?')).toBe(true);
    expect(query.get('token')).toBe('demo');
    expect(query.get('inviteId')).toBe('42');
    expect(payload).toMatchObject({
      title: '发布会',
      desc: '第一行介绍',
      imgUrl: 'https://live.example/streams/vod/demo/cover.jpg',
    });
  });

  it('passes the inviter on when the viewer is anonymous', () => {
    const link = sharePayload(info, null, 'https://live.example/livev3/').link;
    expect(new URLSearchParams(link.split('?').pop()).get('inviteId')).toBe('5');
  });
});

describe('shareEvent', () => {
  it('says "not supported for sharing" outside WeChat and "your version is not supported" below 7.0.12', async () => {
    await expect(shareEvent(info, 1, BROWSER_UA)).rejects.toMatchObject({ code: 'shareNotSupported' });
    await expect(shareEvent(info, 1, OLD_WECHAT_UA)).rejects.toMatchObject({ code: 'versionNotSupported' });
  });

  it('configures the JS-SDK from wechat_js_option and sets both share targets', async () => {
    const fake = fakeWx();
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ xcode: 200, msg: 'ok', data: option })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const shared = shareEvent(info, 42, WECHAT_UA);
    await vi.waitFor(() => expect(fake.wx.config).toHaveBeenCalled());
    fake.fireReady();
    await shared;
    const url = new URL(String(fetchMock.mock.calls[0]?.[0 as never]), 'http://localhost');
    expect(url.pathname).toBe('/v2/api/wechat/wechat_js_option');
    expect(url.searchParams.get('user_id')).toBe('42');
    const expected = expect.objectContaining({
      title: '发布会',
      link: expect.stringContaining('inviteId=42'),
    });
    expect(fake.wx.updateAppMessageShareData).toHaveBeenCalledWith(expected);
    expect(fake.wx.updateTimelineShareData).toHaveBeenCalledWith(expected);
  });

  it('falls back to onMenuShareTimeline/onMenuShareAppMessage on an SDK without the update calls', async () => {
    const fake = fakeWx({ modernShare: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ xcode: 200, msg: 'ok', data: option }))),
    );
    const shared = shareEvent(info, 42, WECHAT_UA);
    await vi.waitFor(() => expect(fake.wx.config).toHaveBeenCalled());
    fake.fireReady();
    await shared;
    expect(fake.wx.onMenuShareTimeline).toHaveBeenCalledWith(expect.objectContaining({ title: '发布会' }));
    expect(fake.wx.onMenuShareAppMessage).toHaveBeenCalledWith(
      expect.objectContaining({ desc: '第一行介绍' }),
    );
  });
});
