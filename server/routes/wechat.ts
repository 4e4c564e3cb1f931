import type { FastifyInstance } from 'fastify';
import { requireViewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { Db } from '../db/database.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { jsapiTicket, type WechatCredentials } from '../wechat/credentials.ts';
import { createOrder, handlePaymentNotification, onOrderPaid, toXml, type Order } from '../wechat/orders.ts';
import { jsapiPayParams, jsSdkSignature, nonce } from '../wechat/sign.ts';
import { findEvent } from './video.ts';

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

// A paid video order unlocks the event for its buyer.
onOrderPaid('video', (db, order, now) => {
  db.prepare(
    `INSERT OR IGNORE INTO event_access (event_id, user_id, gate, created_at) VALUES (?, ?, 'paid', ?)`,
  ).run(order.ref_id, order.user_id, now);
});

export function wechatHandlers(
  db: Db,
  credentials: WechatCredentials,
  now: () => number = Date.now,
): HandlerMap {
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
    videoPay(request) {
      const viewer = requireViewer(db, request);
      const {
        token,
        t_type = 'h5',
        idempotency_key,
      } = request.body as { token: string; t_type?: 'h5' | 'wap'; idempotency_key?: string };
      const event = findEvent(db, token);
      if (event.price_cents <= 0) throw new ApiFailure(XCODE.badRequest, 'This event is free to watch');
      const order = createOrder(db, {
        userId: viewer.userId,
        kind: 'video',
        refId: event.id,
        amountCents: event.price_cents,
        idempotencyKey: idempotency_key ? `video:${viewer.userId}:${idempotency_key}` : undefined,
        now: now(),
      });
      if (t_type === 'wap') {
        return ok({
          order_sn: order.order_sn,
          t_type,
          mweb_url: `/sandbox/wechat/h5pay?order_sn=${order.order_sn}`,
        });
      }
      const pay = jsapiPayParams({
        appId: credentials.appId,
        prepayId: order.prepay_id,
        apiKey: credentials.payKey,
        nonceStr: nonce(),
        timeStamp: Math.floor(now() / 1000),
      });
      return ok({ order_sn: order.order_sn, t_type, pay });
    },
    orderDetail(request) {
      const viewer = requireViewer(db, request);
      const { order_sn } = request.query as { order_sn: string };
      const order = db
        .prepare('SELECT * FROM orders WHERE order_sn = ? AND user_id = ?')
        .get(order_sn, viewer.userId) as Order | undefined;
      if (!order) throw new ApiFailure(XCODE.notFound, 'No such order');
      return ok({ order_sn: order.order_sn, order_status: order.status });
    },
  };
}

const SUCCESS = toXml({ return_code: 'SUCCESS', return_msg: 'OK' });

/** WeChat Pay's notification endpoint (XML in, XML out); the sandbox's confirm button posts here the same way. */
export async function payNotifyRoute(
  app: FastifyInstance,
  options: { db: Db; credentials: WechatCredentials; now?: () => number },
) {
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/v3/api/wechat/pay/notify', async (request, reply) => {
    try {
      handlePaymentNotification(
        options.db,
        String(request.body ?? ''),
        options.credentials.payKey,
        (options.now ?? Date.now)(),
      );
      return reply.type('application/xml').send(SUCCESS);
    } catch (error) {
      const message = error instanceof ApiFailure ? error.message : 'error';
      return reply
        .code(400)
        .type('application/xml')
        .send(toXml({ return_code: 'FAIL', return_msg: message }));
    }
  });
}
