/**
 * Loading and configuring the WeChat JS-SDK. The script is injected once per URL; `configureJsSdk` resolves on
 * `wx.ready` and rejects on `wx.error` (a bad signature, usually a callback URL that differs from the signed one).
 */
import { WechatError } from './errors';
import type { WxConfig, WxSdk } from './wechat-sdk';

/** The signed options GET /v2/api/wechat/wechat_js_option answers with (spec: share config). */
export type JsSdkOption = Omit<WxConfig, 'debug'>;

const scripts = new Map<string, Promise<WxSdk>>();
let ready: Promise<WxSdk> | null = null;

export function getWx(): WxSdk | undefined {
  return typeof window === 'undefined' ? undefined : window.wx;
}

export function loadJsSdk(url: string): Promise<WxSdk> {
  const loaded = getWx();
  if (loaded) return Promise.resolve(loaded);
  const pending = scripts.get(url);
  if (pending) return pending;
  const promise = new Promise<WxSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const wx = getWx();
      if (wx) resolve(wx);
      else reject(new WechatError('sdkUnavailable', url));
    };
    script.onerror = () => reject(new WechatError('sdkUnavailable', url));
    document.head.appendChild(script);
  });
  // A failed load may be retried later (a flaky network), so it is not kept.
  promise.catch(() => {
    if (scripts.get(url) === promise) scripts.delete(url);
  });
  scripts.set(url, promise);
  return promise;
}

export function configureJsSdk(option: JsSdkOption): Promise<WxSdk> {
  const wx = getWx();
  if (!wx) return Promise.reject(new WechatError('sdkUnavailable'));
  const configured = new Promise<WxSdk>((resolve, reject) => {
    wx.ready(() => resolve(wx));
    wx.error((result) => reject(new WechatError('sdkConfigFailed', result.errMsg)));
    wx.config({
      debug: false,
      appId: option.appId,
      timestamp: option.timestamp,
      nonceStr: option.nonceStr,
      signature: option.signature,
      jsApiList: option.jsApiList,
      ...(option.openTagList?.length ? { openTagList: option.openTagList } : {}),
    });
  });
  ready = configured;
  configured.catch(() => {
    if (ready === configured) ready = null;
  });
  return configured;
}

/** The SDK once `configureJsSdk` has succeeded, else null: callers with a plain fallback need not wait. */
export function jsSdkReady(): Promise<WxSdk> | null {
  return ready;
}

/** For tests: forget loaded scripts and configuration. */
export function resetJsSdk(): void {
  scripts.clear();
  ready = null;
}
