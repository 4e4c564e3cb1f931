/**
 * One call to get a configured JS-SDK inside WeChat: load the script from config (`wechatJsSdkUrl`), fetch the signed
 * options for this page from GET /v2/api/wechat/wechat_js_option, then wx.config. Shared by every caller so the SDK is
 * configured once per page load; callers outside WeChat get a rejection and use their plain fallback.
 */
import { appConfig } from '../../engine/config';
import { apiGet } from '../api-client';
import { WechatError } from './errors';
import { configureJsSdk, jsSdkReady, loadJsSdk, type JsSdkOption } from './js-sdk';
import { isWeChat } from './user-agent';
import type { WxSdk } from './wechat-sdk';

/** Every JS-SDK call the app makes; asking for all at once lets one configuration serve every page. */
export const JS_API_LIST = [
  'updateTimelineShareData',
  'updateAppMessageShareData',
  'onMenuShareTimeline',
  'onMenuShareAppMessage',
  'previewImage',
  'getLocation',
  'openLocation',
  'scanQRCode',
];

/** Open tags the app renders: the mini-program jump page's `wx-open-launch-weapp`. */
export const OPEN_TAG_LIST = ['wx-open-launch-weapp'];

/** The server's list and the app's together: a call missing from either side would fail only inside WeChat. */
const union = (server: string[] | undefined, app: string[]) => [...new Set([...(server ?? []), ...app])];

export type SetupOptions = { userId?: number | string; sdkUrl?: string; ua?: string };

/** The URL WeChat signs: the page address without its hash (the hash router keeps it stable across pages). */
export function signedPageUrl(href: string = window.location.href): string {
  return href.split('#')[0] ?? href;
}

function fetchJsSdkOption(userId?: number | string): Promise<JsSdkOption> {
  const query: Record<string, string> = { callback: signedPageUrl() };
  if (userId !== undefined && userId !== '') query.user_id = String(userId);
  return apiGet<JsSdkOption>('/v2/api/wechat/wechat_js_option', query, { quiet: true, noErrorToast: true });
}

let inFlight: Promise<WxSdk> | null = null;

export function setupJsSdk(options: SetupOptions = {}): Promise<WxSdk> {
  if (!isWeChat(options.ua)) return Promise.reject(new WechatError('openInWeChat'));
  const ready = jsSdkReady() ?? inFlight;
  if (ready) return ready;
  const setup = (async () => {
    const [, option] = await Promise.all([
      loadJsSdk(options.sdkUrl ?? appConfig.constants.wechatJsSdkUrl),
      fetchJsSdkOption(options.userId),
    ]);
    return configureJsSdk({
      ...option,
      jsApiList: union(option.jsApiList, JS_API_LIST),
      openTagList: union(option.openTagList, OPEN_TAG_LIST),
    });
  })();
  inFlight = setup;
  // Settled either way: success is remembered by jsSdkReady(), a failure may be retried.
  const clear = () => {
    if (inFlight === setup) inFlight = null;
  };
  setup.then(clear, clear);
  return setup;
}

/** For tests. */
export function resetSetup(): void {
  inFlight = null;
}
