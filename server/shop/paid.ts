/**
 * The 'product' payment hooks, on the query builder (SQLite and PostgreSQL).
 *
 * Paid: the payment notification marks the shop order paid, in the notification's own transaction and exactly once
 * (only the update out of 'pending' succeeds; a replayed notification changes nothing). Money that arrives after the
 * order expired takes the stock again when some is left; else the hook refuses (OrderNotAvailable), the order stays
 * cancelled and the payment is refunded by server/wechat/refunds.ts. A second payment of an order that another
 * payment already settled (paid once in WeChat and once in the browser) is refused the same way and refunded.
 *
 * Refunded: when the refund of a late payment goes through, the cancelled order ends 'refunded' (once: only the
 * update out of 'cancelled' succeeds).
 */
import type { Sql } from '../db/sql.ts';
import { OrderNotAvailable, type PaidHook } from '../wechat/orders.ts';
import type { RefundedHook } from '../wechat/refunds.ts';

export type PaidOutcome = 'paid' | 'paid-late' | 'unchanged';

const SOLD_OUT = {
  'zh-CN': '订单已超时取消且商品已售罄，款项将原路退回',
  en: 'The order expired and the product sold out; the payment is refunded',
};
const CLOSED = {
  'zh-CN': '订单已关闭，款项将原路退回',
  en: 'The order is closed; the payment is refunded',
};
const SETTLED = {
  'zh-CN': '订单已由另一笔付款支付，本次款项将原路退回',
  en: 'The order was already paid by another payment; this payment is refunded',
};

export async function settlePaidOrder(trx: Sql, shopOrderId: number, nowSec: number): Promise<PaidOutcome> {
  const paid = await trx
    .updateTable('shop_orders')
    .set({ state: 'paid', paid_at: nowSec })
    .where('id', '=', shopOrderId)
    .where('state', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  if (paid) return 'paid';
  const order = await trx
    .selectFrom('shop_orders')
    .select(['product_id', 'user_id', 'quantity', 'state'])
    .where('id', '=', shopOrderId)
    .executeTakeFirst();
  if (!order) return 'unchanged';
  if (order.state === 'refunded') throw new OrderNotAvailable(CLOSED);
  if (order.state !== 'cancelled') throw new OrderNotAvailable(SETTLED);
  const taken = await trx
    .updateTable('shop_products')
    .set((eb) => ({ stock: eb('stock', '-', order.quantity) }))
    .where('id', '=', order.product_id)
    .where('stock', '>=', order.quantity)
    .returning('stock')
    .executeTakeFirst();
  if (!taken) throw new OrderNotAvailable(SOLD_OUT);
  const revived = await trx
    .updateTable('shop_orders')
    .set({ state: 'paid', paid_at: nowSec, closed_at: null })
    .where('id', '=', shopOrderId)
    .where('state', '=', 'cancelled')
    .returning('id')
    .executeTakeFirst();
  if (!revived) throw new Error(`shop order ${shopOrderId} changed while its late payment settled`);
  await trx
    .updateTable('shop_purchases')
    .set((eb) => ({ quantity: eb('quantity', '+', order.quantity) }))
    .where('product_id', '=', order.product_id)
    .where('user_id', '=', order.user_id)
    .execute();
  return 'paid-late';
}

/** The cancelled order of a refunded late payment ends 'refunded'; false when it was not (or no longer) cancelled. */
export async function markRefunded(trx: Sql, shopOrderId: number, nowSec: number): Promise<boolean> {
  const moved = await trx
    .updateTable('shop_orders')
    .set({ state: 'refunded', closed_at: nowSec })
    .where('id', '=', shopOrderId)
    .where('state', '=', 'cancelled')
    .returning('id')
    .executeTakeFirst();
  return Boolean(moved);
}

/** A paid product order holds its stock for good (or is refunded when its hold had run out). */
export const productOrderPaid: PaidHook = async (trx, order, now) => {
  await settlePaidOrder(trx, order.ref_id, Math.floor(now / 1000));
};

/** Only the whole payment back closes the order as refunded (the late-payment refund is always whole). */
export const productOrderRefunded: RefundedHook = async (trx, order, refund, now) => {
  if (refund.amount_cents < order.amount_cents) return;
  await markRefunded(trx, order.ref_id, Math.floor(now / 1000));
};
