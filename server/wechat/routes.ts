import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, localize, ok, requestLocale, XCODE } from '../envelope.ts';
import { createPaymentOrder, settleTransaction, type PaidHook } from './orders.ts';
import { payAnswer, viaWechat } from './pay.ts';
import { refundsOfOrder } from './refunds.ts';
import { jsSdkSignature, nonce } from './sign.ts';
import { loadEvent } from '../events/routes.ts';
import { isVip } from '../accounts/vip-routes.ts';
import type { Services } from '../services.ts';

export const JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareTimeline',
  'onMenuShareAppMessage',
  'chooseWXPay',
  'requestMerchantTransfer',
  'previewImage',
  'getLocation',
  'openLocation',
  'chooseImage',
  'scanQRCode',
];

/** Open tags the app renders (the mini-program jump page); WeChat shows them only when wx.config names them. */
export const OPEN_TAG_LIST = ['wx-open-launch-weapp'];

/** A paid video order unlocks the event for its buyer. */
export const eventTicketPaid: PaidHook = async (trx, order, now) => {
  await trx
    .insertInto('event_access')
    .values({ event_id: order.ref_id, user_id: order.user_id, gate: 'paid', created_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
};

/** Why a member is not charged for a paid event (the detail's vip_free says so before). */
export const FREE_FOR_MEMBERS = {
  'zh-CN': '会员免费观看，无需购买',
  en: 'Free for members: there is nothing to buy',
};

/** What the viewer is told about an order refunded because it was paid too late. */
const REFUNDED = {
  'zh-CN': '支付已超时或商品已不可用，款项将原路退回',
  en: 'This payment came too late (no longer available): it is being refunded',
};

export function wechatHandlers(services: Pick<Services, 'sql' | 'now' | 'events' | 'wechat'>): HandlerMap {
  const { sql, now, events, wechat: runtime } = services;
  const { credentials } = runtime;
  return {
    async wechatJsOption(request) {
      const { callback } = request.query;
      const timestamp = Math.floor(now() / 1000);
      const nonceStr = nonce();
      const ticket = await viaWechat(runtime, 'jsapi ticket', () => runtime.client.jsapiTicket());
      const signature = jsSdkSignature({ jsapiTicket: ticket, nonceStr, timestamp, url: callback });
      return ok({
        appId: credentials.appId,
        timestamp,
        nonceStr,
        signature,
        jsApiList: JS_API_LIST,
        openTagList: OPEN_TAG_LIST,
      });
    },
    async videoPay(request) {
      const viewer = await needViewer(sql, request, now());
      const { token, t_type = 'h5', idempotency_key } = request.body;
      const event = await loadEvent(events, token);
      if (event.price_cents <= 0)
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': '本活动免费观看',
          en: 'This event is free to watch',
        });
      if (await isVip(sql, viewer.userId, now())) throw new ApiFailure(XCODE.badRequest, FREE_FOR_MEMBERS);
      const order = await createPaymentOrder(sql, {
        userId: viewer.userId,
        kind: 'video',
        refId: event.id,
        amountCents: event.price_cents,
        idempotencyKey: idempotency_key ? `video:${viewer.userId}:${idempotency_key}` : undefined,
        now: now(),
      });
      return ok(await payAnswer(runtime, order, t_type, now(), request));
    },
    /** The viewer's order; while it is unpaid here, WeChat is asked (the notification may be late or lost). */
    async orderDetail(request) {
      const viewer = await needViewer(runtime.sql, request, now());
      const { order_sn } = request.query;
      const find = () =>
        runtime.sql
          .selectFrom('orders')
          .select(['order_sn', 'status'])
          .where('order_sn', '=', order_sn)
          .where('user_id', '=', viewer.userId)
          .executeTakeFirst();
      let order = await find();
      if (!order) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '订单不存在', en: 'No such order' });
      if (order.status === 0) {
        try {
          const transaction = await runtime.client.queryOrder(order_sn);
          if (transaction.trade_state === 'SUCCESS') {
            await settleTransaction(runtime, transaction, now());
            order = (await find()) ?? order;
          }
        } catch (error) {
          // Not known at WeChat yet (never opened) or WeChat unreachable: the order stays unpaid for now.
          runtime.log(`order query ${order_sn}: ${(error as Error).message}`);
        }
      }
      const refunds = await refundsOfOrder(runtime.sql, order_sn);
      const refund = refunds[0];
      return ok({
        order_sn: order.order_sn,
        order_status: order.status,
        refund: refund
          ? {
              status: refund.status,
              amount: refund.amount_cents,
              reason: order.status === 2 ? localize(REFUNDED, requestLocale(request)) : refund.reason,
            }
          : null,
      });
    },
  };
}
