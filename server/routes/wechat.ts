import type { HandlerMap } from '../contract/register.ts';
import { ok } from '../envelope.ts';
import { jsapiTicket, type WechatCredentials } from '../wechat/credentials.ts';
import { jsSdkSignature, nonce } from '../wechat/sign.ts';

export const JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareTimeline',
  'onMenuShareAppMessage',
  'chooseWXPay',
  'previewImage',
  'getLocation',
  'openLocation',
  'chooseImage',
];

export function wechatHandlers(credentials: WechatCredentials, now: () => number = Date.now): HandlerMap {
  return {
    async wechatJsOption(request) {
      const { callback } = request.query as { callback: string };
      const timestamp = Math.floor(now() / 1000);
      const nonceStr = nonce();
      const signature = jsSdkSignature({
        jsapiTicket: await jsapiTicket(credentials),
        nonceStr,
        timestamp,
        url: callback,
      });
      return ok({ appId: credentials.appId, timestamp, nonceStr, signature, jsApiList: JS_API_LIST });
    },
  };
}
