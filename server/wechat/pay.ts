/**
 * The payment answer of every paid feature (schemas/api/wechat.json `PayOrder`): inside WeChat a JSAPI order
 * (`/v3/pay/transactions/jsapi`, prepay id kept per order) and the six parameters signed with the merchant key;
 * elsewhere an H5 order (`/v3/pay/transactions/h5`) whose `h5_url` the client opens with `redirect_url` appended.
 *
 * Every paid feature answers with `payAnswer(services.wechat, order, t_type, now)`: the server's one WeChat runtime
 * (server/services.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import type { Realtime } from '../realtime.ts';
import { WechatApiError, type Transport, type WechatClient } from './client.ts';
import type { EmulatorState } from './emulator.ts';
import type { WechatCredentials } from './credentials.ts';
import type { LateRefund, Order, OrderKind, OrderKinds, PaidRankings } from './orders.ts';
import { jsapiPayParams } from './pay-sign.ts';

export type WechatRuntime = {
  sql: Sql;
  client: WechatClient;
  credentials: WechatCredentials;
  /** The local emulator standing in for WeChat, with what it keeps (development and tests, never production). */
  emulator: EmulatorState | null;
  /** How the client reaches WeChat (or the emulator, in-process). */
  transport: Transport;
  /** What a payment announces once it committed (a chat line) goes out through it. */
  realtime: Realtime;
  /** The contests' rankings a paid vote moves once committed. */
  rankings: PaidRankings;
  now: () => number;
  log: (message: string) => void;
  /** A payment that came after its order stopped being available: refund it (server/wechat/refunds.ts). */
  onLate: (late: LateRefund) => Promise<void>;
  /** What each kind of order does once paid or refunded (server/order-kinds.ts). */
  orderKinds: OrderKinds;
};

/**
 * Closes at WeChat Pay (`/v3/pay/transactions/out-trade-no/{sn}/close`) every unpaid payment order of what no
 * longer sells (`kind` + `refId`: an expired or cancelled shop order), so the payer can no longer pay it on a pay
 * page left open. Best effort: an order WeChat never saw (ORDER_NOT_EXIST) or one paid meanwhile (ORDERPAID, its
 * notification then settles it as a late payment) is only logged, like any failure. Resolves with how many closed.
 */
export async function closeUnpaidPayments(
  runtime: Pick<WechatRuntime, 'sql' | 'client' | 'log'>,
  kind: OrderKind,
  refId: number,
): Promise<number> {
  const { sql } = runtime;
  const open = await sql
    .selectFrom('orders')
    .select('order_sn')
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .where('status', '=', 0)
    .execute();
  let closed = 0;
  for (const { order_sn } of open) {
    try {
      await runtime.client.closeOrder(order_sn);
      closed += 1;
    } catch (error) {
      const detail = error instanceof WechatApiError ? `${error.errcode} ${error.errmsg}` : String(error);
      runtime.log(`close order ${order_sn} (${kind} ${refId}): ${detail}`);
    }
  }
  return closed;
}

/** xcode of an answer when WeChat refused or could not be reached (the WeChat code goes to the log). */
export const WECHAT_UNAVAILABLE = 50201;

/** Turns a WeChat failure into an envelope error; the WeChat code is logged. */
export async function viaWechat<T>(
  runtime: Pick<WechatRuntime, 'log'>,
  what: string,
  call: () => Promise<T>,
) {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    const detail = error instanceof WechatApiError ? `${error.errcode} ${error.errmsg}` : String(error);
    runtime.log(`WeChat ${what} failed: ${detail}`);
    throw new ApiFailure(WECHAT_UNAVAILABLE, {
      'zh-CN': '微信支付暂时不可用，请稍后再试',
      en: 'WeChat Pay is unavailable at the moment, please try again later',
    });
  }
}

const DESCRIPTIONS: Record<OrderKind, string> = {
  video: '直播观看',
  reward: '直播打赏',
  redpack: '直播红包',
  vote: '投票',
  registration: '报名费',
  product: '商品',
  vip: '会员',
};

/** Prepay ids live two hours at WeChat; one is reused for 100 minutes. */
const PREPAY_REUSE_MS = 100 * 60 * 1000;

function clientIp(request?: FastifyRequest): string {
  const ip = request?.ip ?? '127.0.0.1';
  return ip.replace(/^::ffff:/, '') || '127.0.0.1';
}

export async function payAnswer(
  runtime: WechatRuntime,
  order: Order,
  tType: 'h5' | 'wap' = 'h5',
  now: number,
  request?: FastifyRequest,
) {
  const { credentials } = runtime;
  if (order.status !== 0)
    throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '该订单已支付', en: 'This order is already paid' });
  const payerOrder = {
    order_sn: order.order_sn,
    amount_cents: order.amount_cents,
    description: DESCRIPTIONS[order.kind],
  };
  if (tType === 'wap') {
    const h5Url = await viaWechat(runtime, 'H5 order', () =>
      runtime.client.h5Order(payerOrder, clientIp(request)),
    );
    return { order_sn: order.order_sn, t_type: tType, mweb_url: h5Url };
  }
  const user = await runtime.sql
    .selectFrom('users')
    .select('openid')
    .where('id', '=', order.user_id)
    .executeTakeFirst();
  if (!user?.openid)
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '请先使用微信登录后再支付',
      en: 'Please log in with WeChat before paying in WeChat',
    });
  const openid = user.openid;
  const kept = await runtime.sql
    .selectFrom('wechat_prepays')
    .select(['prepay', 'created_at'])
    .where('order_sn', '=', order.order_sn)
    .where('trade_type', '=', 'JSAPI')
    .executeTakeFirst();
  let prepayId = kept && Number(kept.created_at) > now - PREPAY_REUSE_MS ? kept.prepay : undefined;
  if (!prepayId) {
    prepayId = await viaWechat(runtime, 'JSAPI order', () => runtime.client.jsapiOrder(payerOrder, openid));
    await runtime.sql
      .insertInto('wechat_prepays')
      .values({ order_sn: order.order_sn, trade_type: 'JSAPI', prepay: prepayId, created_at: now })
      .onConflict((conflict) =>
        conflict.columns(['order_sn', 'trade_type']).doUpdateSet({ prepay: prepayId!, created_at: now }),
      )
      .execute();
    await runtime.sql
      .updateTable('orders')
      .set({ prepay_id: prepayId })
      .where('order_sn', '=', order.order_sn)
      .execute();
  }
  const pay = jsapiPayParams({
    appId: credentials.appId,
    prepayId,
    privateKey: credentials.privateKey,
    timeStamp: Math.floor(now / 1000),
  });
  return { order_sn: order.order_sn, t_type: tType, pay };
}
