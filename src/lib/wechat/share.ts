/**
 * Share payload for WeChat's menu (timeline and chat). The newer update*ShareData calls are used where the SDK has
 * them; older SDKs only have the onMenuShare* pair the spec names.
 */
import { WechatError } from './errors';
import { getWx } from './js-sdk';
import { isShareSupported, isWeChat } from './user-agent';
import type { WxCallbacks, WxSdk, WxSharePayload } from './wechat-sdk';

export type SharePayload = WxSharePayload;

/** The update*ShareData calls answer once WeChat accepted the payload. */
function update(register: (callbacks: WxCallbacks) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    register({
      success: () => resolve(),
      fail: (result) => reject(new WechatError('apiFailed', result.errMsg)),
    });
  });
}

function shareTimeline(wx: WxSdk, { title, link, imgUrl }: SharePayload): Promise<void> {
  if (wx.updateTimelineShareData) {
    const set = wx.updateTimelineShareData;
    return update((callbacks) => set.call(wx, { title, link, imgUrl, ...callbacks }));
  }
  if (wx.onMenuShareTimeline) {
    // onMenuShare* call `success` only when the viewer actually shares, so registering is all there is to wait for.
    wx.onMenuShareTimeline({ title, link, imgUrl });
    return Promise.resolve();
  }
  return Promise.reject(new WechatError('shareNotSupported'));
}

function shareAppMessage(wx: WxSdk, payload: SharePayload): Promise<void> {
  if (wx.updateAppMessageShareData) {
    const set = wx.updateAppMessageShareData;
    return update((callbacks) => set.call(wx, { ...payload, ...callbacks }));
  }
  if (wx.onMenuShareAppMessage) {
    wx.onMenuShareAppMessage({ ...payload });
    return Promise.resolve();
  }
  return Promise.reject(new WechatError('shareNotSupported'));
}

/** Sets the share payload for both targets. Call after `configureJsSdk` has resolved. */
export async function setShare(payload: SharePayload, ua?: string): Promise<void> {
  if (!isWeChat(ua)) throw new WechatError('shareNotSupported');
  if (!isShareSupported(ua)) throw new WechatError('versionNotSupported');
  const wx = getWx();
  if (!wx) throw new WechatError('sdkUnavailable');
  await Promise.all([shareTimeline(wx, payload), shareAppMessage(wx, payload)]);
}
