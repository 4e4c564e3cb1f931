/**
 * The payment answer for an order (the same shape as /v3/api/wechat/video/pay, the contract's PayOrder): JSAPI
 * parameters for WeChat (t_type h5), the H5 payment page elsewhere (wap).
 */
import type { WechatCredentials } from '../wechat/credentials.ts';
import type { Order } from '../wechat/orders.ts';
import { jsapiPayParams, nonce } from '../wechat/sign.ts';

export type PayRequest = { token: string; t_type?: 'h5' | 'wap'; idempotency_key?: string };

export function payAnswer(
  order: Order,
  tType: 'h5' | 'wap' = 'h5',
  credentials: WechatCredentials,
  now: number,
) {
  if (tType === 'wap')
    return {
      order_sn: order.order_sn,
      t_type: tType,
      mweb_url: `/sandbox/wechat/h5pay?order_sn=${order.order_sn}`,
    };
  const pay = jsapiPayParams({
    appId: credentials.appId,
    prepayId: order.prepay_id,
    apiKey: credentials.payKey,
    nonceStr: nonce(),
    timeStamp: Math.floor(now / 1000),
  });
  return { order_sn: order.order_sn, t_type: tType, pay };
}
