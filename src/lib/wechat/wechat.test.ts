// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { WechatError } from './errors';
import { configureJsSdk, jsSdkReady, loadJsSdk, resetJsSdk } from './js-sdk';
import { getLocation, openLocation, previewImage } from './media';
import { BRIDGE_TIMEOUT_MS, isCompletePayment, paymentResult, requestPayment } from './payment';
import { setupJsSdk, resetSetup, signedPageUrl, JS_API_LIST, OPEN_TAG_LIST } from './setup';
import { setShare } from './share';
import { BROWSER_UA, OLD_WECHAT_UA, WECHAT_UA, clearFakes, fakeBridge, fakeWx } from '../../../tests/fake-wx';

const option = {
  appId: 'wx123',
  timestamp: 1700000000,
  nonceStr: 'n',
  signature: 's',
  jsApiList: ['previewImage'],
};
const payment = {
  appId: 'wx123',
  timeStamp: '1700000000',
  nonceStr: 'abc',
  package: 'prepay_id=wx1',
  signType: 'RSA',
  paySign: 'sig',
};
const share = {
  title: 'Live',
  desc: 'Watch now',
  link: 'https://example.com/livev3/',
  imgUrl: 'https://example.com/a.png',
};

async function rejection(promise: Promise<unknown>): Promise<WechatError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WechatError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  resetJsSdk();
  resetSetup();
  clearFakes();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WechatError', () => {
  it('carries a stable code and the translated spec message', async () => {
    const error = new WechatError('shareNotSupported');
    expect(error.code).toBe('shareNotSupported');
    expect(error.message).toBe('not supported for sharing');
    expect(new WechatError('sdkConfigFailed', 'config:invalid signature').detail).toBe(
      'config:invalid signature',
    );
  });
});

describe('loadJsSdk', () => {
  it('resolves at once when window.wx already exists', async () => {
    const { wx } = fakeWx();
    await expect(loadJsSdk('/sdk.js')).resolves.toBe(wx);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('injects the script once and resolves with window.wx on load', async () => {
    const first = loadJsSdk('/emulator/wechat/jweixin.js');
    const second = loadJsSdk('/emulator/wechat/jweixin.js');
    expect(second).toBe(first);
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('/emulator/wechat/jweixin.js');
    const { wx } = fakeWx();
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(wx);
  });

  it('rejects when the script loads but defines no wx, and when it fails; a later call retries', async () => {
    const empty = loadJsSdk('/a.js');
    document.querySelector('script')?.dispatchEvent(new Event('load'));
    expect((await rejection(empty)).code).toBe('sdkUnavailable');

    const failed = loadJsSdk('/b.js');
    document.querySelector('script[src="/b.js"]')?.dispatchEvent(new Event('error'));
    expect((await rejection(failed)).code).toBe('sdkUnavailable');
    expect(loadJsSdk('/b.js')).not.toBe(failed);
  });
});

describe('configureJsSdk', () => {
  it('rejects without the SDK', async () => {
    expect((await rejection(configureJsSdk(option))).code).toBe('sdkUnavailable');
  });

  it('calls wx.config with debug off and resolves on ready', async () => {
    const fake = fakeWx();
    const configured = configureJsSdk(option);
    expect(fake.wx.config).toHaveBeenCalledWith({ debug: false, ...option });
    expect(jsSdkReady()).toBe(configured);
    fake.fireReady();
    await expect(configured).resolves.toBe(fake.wx);
  });

  it('rejects on wx.error with what WeChat said, and forgets the failed configuration', async () => {
    const fake = fakeWx();
    const configured = configureJsSdk(option);
    fake.fireError('config:invalid signature');
    const error = await rejection(configured);
    expect(error.code).toBe('sdkConfigFailed');
    expect(error.detail).toBe('config:invalid signature');
    expect(jsSdkReady()).toBeNull();
  });
});

describe('setupJsSdk', () => {
  it('refuses outside WeChat', async () => {
    expect((await rejection(setupJsSdk({ ua: BROWSER_UA }))).code).toBe('openInWeChat');
  });

  it('signs the page URL without its hash', () => {
    expect(signedPageUrl('https://h.example/livev3/?a=1#/pages/home/index?token=t')).toBe(
      'https://h.example/livev3/?a=1',
    );
  });

  it('loads the SDK, fetches the signed option once and configures it', async () => {
    const fake = fakeWx();
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ xcode: 200, msg: 'ok', data: { ...option, jsApiList: [] } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const first = setupJsSdk({ ua: WECHAT_UA, userId: 7 });
    const second = setupJsSdk({ ua: WECHAT_UA, userId: 7 });
    expect(second).toBe(first);
    await vi.waitFor(() => expect(fake.wx.config).toHaveBeenCalled());
    fake.fireReady();
    await expect(first).resolves.toBe(fake.wx);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0 as never]), 'http://localhost');
    expect(url.pathname).toBe('/v2/api/wechat/wechat_js_option');
    expect(url.searchParams.get('user_id')).toBe('7');
    expect(url.searchParams.get('callback')).toBe(signedPageUrl());
    expect(fake.wx.config).toHaveBeenCalledWith(
      expect.objectContaining({ appId: 'wx123', jsApiList: JS_API_LIST }),
    );
    // Configured once: later calls reuse it.
    await expect(setupJsSdk({ ua: WECHAT_UA })).resolves.toBe(fake.wx);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for scanQRCode and the mini-program open tag, whatever the server leaves out, and scans with them', async () => {
    const fake = fakeWx({ reply: { kind: 'success', result: { resultStr: 'https://h.example/#/x' } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ xcode: 200, msg: 'ok', data: option }))),
    );
    const setup = setupJsSdk({ ua: WECHAT_UA });
    await vi.waitFor(() => expect(fake.wx.config).toHaveBeenCalled());
    const config = fake.wx.config.mock.calls[0]?.[0 as never] as {
      jsApiList: string[];
      openTagList: string[];
    };
    expect(JS_API_LIST).toContain('scanQRCode');
    expect(OPEN_TAG_LIST).toEqual(['wx-open-launch-weapp']);
    expect(config.jsApiList).toEqual(expect.arrayContaining(['previewImage', 'scanQRCode', ...JS_API_LIST]));
    expect(new Set(config.jsApiList).size).toBe(config.jsApiList.length);
    expect(config.openTagList).toEqual(['wx-open-launch-weapp']);
    fake.fireReady();
    const wx = (await setup) as unknown as typeof fake.wx;
    const success = vi.fn();
    (wx.scanQRCode as (options: object) => void)({ needResult: 1, scanType: ['qrCode'], success });
    expect(success).toHaveBeenCalledWith(expect.objectContaining({ resultStr: 'https://h.example/#/x' }));
  });

  it('passes the open tags of the server answer on to wx.config', async () => {
    const fake = fakeWx();
    configureJsSdk({ ...option, openTagList: ['wx-open-launch-weapp'] });
    expect(fake.wx.config).toHaveBeenCalledWith(
      expect.objectContaining({ openTagList: ['wx-open-launch-weapp'] }),
    );
  });
});

describe('setShare', () => {
  it("says 'not supported for sharing' outside WeChat", async () => {
    fakeWx();
    const error = await rejection(setShare(share, BROWSER_UA));
    expect(error.code).toBe('shareNotSupported');
    expect(error.message).toBe('not supported for sharing');
  });

  it("says 'your version is not supported' below 7.0.12", async () => {
    fakeWx();
    const error = await rejection(setShare(share, OLD_WECHAT_UA));
    expect(error.code).toBe('versionNotSupported');
    expect(error.message).toBe('your version is not supported');
  });

  it('needs the SDK', async () => {
    expect((await rejection(setShare(share, WECHAT_UA))).code).toBe('sdkUnavailable');
  });

  it('uses update*ShareData where the SDK has them', async () => {
    const { wx } = fakeWx();
    await setShare(share, WECHAT_UA);
    const timeline = { title: share.title, link: share.link, imgUrl: share.imgUrl };
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith(expect.objectContaining(timeline));
    expect(wx.updateTimelineShareData?.mock.calls[0]?.[0]).not.toHaveProperty('desc');
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(expect.objectContaining(share));
    expect(wx.onMenuShareTimeline).not.toHaveBeenCalled();
    expect(wx.onMenuShareAppMessage).not.toHaveBeenCalled();
  });

  it('rejects with what WeChat said when an update fails', async () => {
    fakeWx({ reply: { kind: 'fail', errMsg: 'updateTimelineShareData:fail' } });
    const error = await rejection(setShare(share, WECHAT_UA));
    expect(error.code).toBe('apiFailed');
    expect(error.detail).toBe('updateTimelineShareData:fail');
  });

  it('falls back to onMenuShareTimeline/onMenuShareAppMessage on an older SDK', async () => {
    const { wx } = fakeWx({ modernShare: false });
    await setShare(share, WECHAT_UA);
    expect(wx.onMenuShareTimeline).toHaveBeenCalledWith({
      title: share.title,
      link: share.link,
      imgUrl: share.imgUrl,
    });
    expect(wx.onMenuShareAppMessage).toHaveBeenCalledWith(share);
  });

  it("says 'not supported for sharing' when the SDK has no share call at all", async () => {
    fakeWx({ modernShare: false, legacyShare: false });
    expect((await rejection(setShare(share, WECHAT_UA))).code).toBe('shareNotSupported');
  });
});

describe('requestPayment', () => {
  it.each(['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'])(
    "says 'payment parameter error' when %s is empty or missing",
    async (name) => {
      const invoke = fakeBridge('get_brand_wcpay_request:ok');
      const blank = await rejection(requestPayment({ ...payment, [name]: ' ' }, WECHAT_UA));
      expect(blank.code).toBe('paymentParamError');
      expect(blank.message).toBe('payment parameter error');
      const missing: Record<string, string> = { ...payment };
      delete missing[name];
      expect((await rejection(requestPayment(missing, WECHAT_UA))).code).toBe('paymentParamError');
      expect(invoke).not.toHaveBeenCalled();
    },
  );

  it("checks the parameters, then says 'please open in WeChat' outside it", async () => {
    expect((await rejection(requestPayment(null, BROWSER_UA))).code).toBe('paymentParamError');
    const error = await rejection(requestPayment(payment, BROWSER_UA));
    expect(error.code).toBe('openInWeChat');
    expect(error.message).toBe('please open in WeChat');
  });

  it('accepts a numeric timeStamp and sends strings to the bridge', async () => {
    expect(isCompletePayment({ ...payment, timeStamp: 1700000000 })).toBe(true);
    expect(isCompletePayment({ ...payment, timeStamp: Number.NaN })).toBe(false);
    const invoke = fakeBridge('get_brand_wcpay_request:ok');
    await expect(requestPayment({ ...payment, timeStamp: 1700000000 }, WECHAT_UA)).resolves.toBe('ok');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', payment, expect.any(Function));
  });

  it.each([
    ['get_brand_wcpay_request:ok', 'ok'],
    ['get_brand_wcpay_request:cancel', 'cancel'],
    ['get_brand_wcpay_request:fail', 'fail'],
    ['something else', 'fail'],
  ])('maps %s to %s', async (errMsg, expected) => {
    fakeBridge(errMsg);
    await expect(requestPayment(payment, WECHAT_UA)).resolves.toBe(expected);
    expect(paymentResult(errMsg)).toBe(expected);
  });

  it('maps a missing err_msg to fail', () => {
    expect(paymentResult(undefined)).toBe('fail');
  });

  it('waits for WeixinJSBridgeReady when the bridge is not there yet', async () => {
    const paying = requestPayment(payment, WECHAT_UA);
    let settled = false;
    void paying.then(() => (settled = true));
    await Promise.resolve();
    document.dispatchEvent(new Event('WeixinJSBridgeReady')); // an early event without the bridge is ignored
    await Promise.resolve();
    expect(settled).toBe(false);
    const invoke = fakeBridge('get_brand_wcpay_request:ok');
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await expect(paying).resolves.toBe('ok');
    expect(invoke).toHaveBeenCalledTimes(1);
  });
});

describe('whenBridgeReady', () => {
  it('gives up when the bridge never comes (a browser only pretending to be WeChat)', async () => {
    vi.useFakeTimers();
    try {
      const paying = requestPayment(payment, WECHAT_UA);
      const failed = rejection(paying);
      await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUT_MS);
      expect((await failed).code).toBe('sdkUnavailable');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('previewImage, getLocation, openLocation', () => {
  it('need the SDK', async () => {
    expect((await rejection(previewImage(['https://a/1.png']))).code).toBe('sdkUnavailable');
    expect((await rejection(getLocation())).code).toBe('sdkUnavailable');
    expect((await rejection(openLocation({ latitude: 1, longitude: 2 }))).code).toBe('sdkUnavailable');
  });

  it('preview the given images starting at the current one (the first by default)', async () => {
    const { wx } = fakeWx();
    await previewImage(['https://a/1.png', 'https://a/2.png'], 'https://a/2.png');
    expect(wx.previewImage).toHaveBeenCalledWith(
      expect.objectContaining({ urls: ['https://a/1.png', 'https://a/2.png'], current: 'https://a/2.png' }),
    );
    await previewImage(['https://a/1.png']);
    expect(wx.previewImage).toHaveBeenLastCalledWith(expect.objectContaining({ current: 'https://a/1.png' }));
  });

  it('getLocation answers with numeric coordinates (gcj02 by default)', async () => {
    const fake = fakeWx({
      reply: { kind: 'success', result: { latitude: '31.23', longitude: 121.47, accuracy: 30 } },
    });
    await expect(getLocation()).resolves.toEqual({ latitude: 31.23, longitude: 121.47, accuracy: 30 });
    expect(fake.wx.getLocation).toHaveBeenCalledWith(expect.objectContaining({ type: 'gcj02' }));
  });

  it('reject on fail and on cancel with what WeChat said', async () => {
    const fake = fakeWx({ reply: { kind: 'fail', errMsg: 'getLocation:fail auth deny' } });
    const denied = await rejection(getLocation());
    expect(denied.code).toBe('apiFailed');
    expect(denied.detail).toBe('getLocation:fail auth deny');
    fake.setReply({ kind: 'cancel', errMsg: 'previewImage:cancel' });
    expect((await rejection(previewImage(['https://a/1.png']))).detail).toBe('previewImage:cancel');
  });

  it('openLocation passes the place with a default zoom', async () => {
    const { wx } = fakeWx();
    await openLocation({ latitude: 31.2, longitude: 121.5, name: 'Hall', address: '1 Road' });
    expect(wx.openLocation).toHaveBeenCalledWith(
      expect.objectContaining({
        latitude: 31.2,
        longitude: 121.5,
        name: 'Hall',
        address: '1 Road',
        scale: 16,
      }),
    );
  });
});

describe('requestPayment time-out', () => {
  it('a payment sheet that never answers counts as not paid', async () => {
    vi.useFakeTimers();
    try {
      window.WeixinJSBridge = { invoke: vi.fn() };
      const paying = requestPayment(payment, WECHAT_UA, 1000);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(paying).resolves.toBe('fail');
    } finally {
      vi.useRealTimers();
      delete window.WeixinJSBridge;
    }
  });
});
