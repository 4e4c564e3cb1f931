/**
 * The parts of the WeChat JS-SDK (jweixin, `window.wx`) and of the in-app `WeixinJSBridge` the app uses. Only the
 * calls the app makes are typed; the SDK's callbacks all receive an `errMsg` such as 'getLocation:ok'.
 */
export type WxResult = { errMsg: string };

export type WxCallbacks<R = WxResult> = {
  success?: (result: R) => void;
  fail?: (result: WxResult) => void;
  cancel?: (result: WxResult) => void;
  complete?: (result: WxResult) => void;
};

export type WxConfig = {
  debug: boolean;
  appId: string;
  timestamp: number | string;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
  /** Open tags the page uses (`wx-open-launch-weapp`); WeChat renders them only when asked for here. */
  openTagList?: string[];
};

export type WxSharePayload = { title: string; desc: string; link: string; imgUrl: string };

export type WxLocation = { latitude: number; longitude: number; speed?: number; accuracy?: number };

export type WxSdk = {
  config(config: WxConfig): void;
  ready(callback: () => void): void;
  error(callback: (result: WxResult) => void): void;
  updateTimelineShareData?(options: Omit<WxSharePayload, 'desc'> & WxCallbacks): void;
  updateAppMessageShareData?(options: WxSharePayload & WxCallbacks): void;
  onMenuShareTimeline?(options: Omit<WxSharePayload, 'desc'> & WxCallbacks): void;
  onMenuShareAppMessage?(options: WxSharePayload & WxCallbacks): void;
  previewImage(options: { current: string; urls: string[] } & WxCallbacks): void;
  getLocation(options: { type?: 'wgs84' | 'gcj02' } & WxCallbacks<WxLocation & WxResult>): void;
  openLocation(
    options: {
      latitude: number;
      longitude: number;
      name?: string;
      address?: string;
      scale?: number;
    } & WxCallbacks,
  ): void;
};

/** `getBrandWCPayRequest` answers with `err_msg` ('get_brand_wcpay_request:ok' | ':cancel' | ':fail'). */
export type WeixinBridgeResult = { err_msg?: string; errMsg?: string };

export type WeixinJSBridge = {
  invoke(method: string, params: object, callback: (result: WeixinBridgeResult) => void): void;
};

declare global {
  interface Window {
    wx?: WxSdk;
    WeixinJSBridge?: WeixinJSBridge;
  }
}
