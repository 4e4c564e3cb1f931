/**
 * WeChat JSAPI payment through the in-app WeixinJSBridge (`getBrandWCPayRequest`). All six parameters must be
 * non-empty ('payment parameter error'); outside WeChat the viewer is told to open the page in WeChat.
 */
import { WechatError } from './errors';
import { isWeChat } from './user-agent';
import type { WeixinJSBridge } from './wechat-sdk';

const paymentParamNames = ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'] as const;

export type PaymentParams = Record<(typeof paymentParamNames)[number], string>;

export type PaymentResult = 'ok' | 'cancel' | 'fail';

export function isCompletePayment(
  params: Partial<Record<string, unknown>> | null | undefined,
): params is PaymentParams {
  if (!params) return false;
  return paymentParamNames.every((name) => {
    const value = params[name];
    return (
      (typeof value === 'string' && value.trim() !== '') ||
      (typeof value === 'number' && Number.isFinite(value))
    );
  });
}

/** 'get_brand_wcpay_request:ok' -> 'ok'; ':cancel' -> 'cancel'; anything else -> 'fail'. */
export function paymentResult(errMsg: string | undefined): PaymentResult {
  if (errMsg?.endsWith(':ok')) return 'ok';
  if (errMsg?.endsWith(':cancel')) return 'cancel';
  return 'fail';
}

/** How long to wait for the bridge: a browser that only pretends to be WeChat never gets one. */
export const BRIDGE_TIMEOUT_MS = 10000;

/** The bridge is injected by WeChat some time after the page starts; it announces itself with WeixinJSBridgeReady. */
export function whenBridgeReady(timeoutMs: number = BRIDGE_TIMEOUT_MS): Promise<WeixinJSBridge> {
  const bridge = window.WeixinJSBridge;
  if (bridge) return Promise.resolve(bridge);
  return new Promise((resolve, reject) => {
    const onReady = () => {
      const ready = window.WeixinJSBridge;
      if (!ready) return;
      stop();
      resolve(ready);
    };
    const timer = setTimeout(() => {
      stop();
      reject(new WechatError('sdkUnavailable', 'WeixinJSBridge'));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      document.removeEventListener('WeixinJSBridgeReady', onReady);
    };
    document.addEventListener('WeixinJSBridgeReady', onReady);
  });
}

/** A payment sheet that never answers (WeChat killed, network gone) counts as not paid after this long. */
const PAYMENT_TIMEOUT_MS = 5 * 60 * 1000;

export async function requestPayment(
  params: Partial<Record<string, unknown>> | null | undefined,
  ua?: string,
  timeoutMs: number = PAYMENT_TIMEOUT_MS,
): Promise<PaymentResult> {
  if (!isCompletePayment(params)) throw new WechatError('paymentParamError');
  if (!isWeChat(ua)) throw new WechatError('openInWeChat');
  const bridge = await whenBridgeReady();
  const request: PaymentParams = {
    appId: String(params.appId),
    timeStamp: String(params.timeStamp),
    nonceStr: String(params.nonceStr),
    package: String(params.package),
    signType: String(params.signType),
    paySign: String(params.paySign),
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('fail'), timeoutMs);
    bridge.invoke('getBrandWCPayRequest', request, (result) => {
      clearTimeout(timer);
      resolve(paymentResult(result.err_msg ?? result.errMsg));
    });
  });
}
