/**
 * Paying a shop order through the shared payment flow (payFor): JSAPI inside WeChat, the H5 page elsewhere, which
 * comes back to the order's page, where `resumeOrderPayment` finishes it.
 */
import { api } from '../../lib/api';
import { buildPath } from '../../lib/navigation';
import { orderPage } from './routes';

const orderPayKey = (orderSn: string) => `shop:${orderSn}`;

export async function payOrder(orderSn: string) {
  const { payFor } = await import('../payment/pay');
  const back = `${window.location.origin}${window.location.pathname}${window.location.search}#${buildPath(orderPage(), { order_sn: orderSn })}`;
  return payFor({
    key: orderPayKey(orderSn),
    returnUrl: back,
    createOrder: (input) =>
      api.post('/v3/api/wechat/new_order/pay', { order_sn: orderSn, ...input }, { login: true }),
  });
}

export async function resumeOrderPayment(orderSn: string) {
  const { hasPendingPayment } = await import('../payment/pending');
  if (!hasPendingPayment(orderPayKey(orderSn))) return null;
  const { resumePayment } = await import('../payment/pay');
  return resumePayment(orderPayKey(orderSn));
}
