/**
 * Shop orders. Placing one holds stock and the viewer's per-user quantity with conditional updates in one short
 * transaction (never negative, never over the limit, on SQLite and PostgreSQL alike); a retried call with the same
 * idempotency key answers the first order (a unique constraint). An unpaid order past its pay window is cancelled and
 * gives its stock back exactly once: only the update that moves it out of 'pending' returns the stock.
 */
import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ContractSchema, RequestBody, RequestQuery } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import type { ShopOrderState, ShopTables } from '../db/tables/shop.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { closeUnpaidPayments, type WechatRuntime } from '../wechat/pay.ts';
import { addressText, findAddress } from './addresses.ts';
import { pageOf, paging, SHOP_XCODE } from './common.ts';
import { parseImages, saleState } from './products.ts';

export type ShopOrderRow = Selectable<ShopTables['shop_orders']>;

const VALID: ShopOrderState[] = ['paid', 'shipped', 'completed'];

export function newOrderSn(nowMs: number): string {
  return `${nowMs}${crypto.randomInt(100000, 999999)}`;
}

export function orderView(
  row: ShopOrderRow,
  product: { id: number; title: string; images: string },
  nowSec: number,
): OrderView {
  const payable = row.state === 'pending' && row.expires_at > nowSec;
  return {
    order_sn: row.order_sn,
    state: row.state,
    order_status: payable || VALID.includes(row.state) ? 1 : 0,
    product: { id: product.id, title: product.title, image: parseImages(product.images)[0] ?? '' },
    quantity: row.quantity,
    unit_price_cents: row.unit_price_cents,
    amount_cents: row.amount_cents,
    address: row.receiver
      ? { id: row.address_id, name: row.receiver, phone: row.receiver_phone, text: row.address_text }
      : null,
    tracking_no: row.tracking_no,
    created_at: row.created_at,
    expires_at: row.expires_at,
    paid_at: row.paid_at,
    shipped_at: row.shipped_at,
  };
}
export type OrderView = ContractSchema<'ShopOrder'>;

/**
 * Cancels one overdue unpaid order and returns its stock; false when it was not (or no longer) due. Its payment
 * orders are then closed at WeChat Pay in the background (best effort, logged), so a pay page left open cannot take
 * the money any more.
 */
/** The shop's database, and WeChat Pay, where the payments of an expired order are closed. */
export type ShopData = { sql: Sql; wechat: Pick<WechatRuntime, 'sql' | 'client' | 'log'> };

export async function expireOrder(shop: ShopData, orderId: number, nowSec: number): Promise<boolean> {
  const { sql } = shop;
  const expired = await sql.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('shop_orders')
      .set({ state: 'cancelled', closed_at: nowSec })
      .where('id', '=', orderId)
      .where('state', '=', 'pending')
      .where('expires_at', '<=', nowSec)
      .returning(['product_id', 'user_id', 'quantity'])
      .executeTakeFirst();
    if (!closed) return false;
    await trx
      .updateTable('shop_products')
      .set((eb) => ({ stock: eb('stock', '+', closed.quantity) }))
      .where('id', '=', closed.product_id)
      .execute();
    await trx
      .updateTable('shop_purchases')
      .set((eb) => ({ quantity: eb('quantity', '-', closed.quantity) }))
      .where('product_id', '=', closed.product_id)
      .where('user_id', '=', closed.user_id)
      .where('quantity', '>=', closed.quantity)
      .execute();
    return true;
  });
  if (expired) void closeUnpaidPayments(shop.wechat, 'product', orderId).catch(() => undefined);
  return expired;
}

/** Expires the overdue unpaid orders (of one product or one viewer when given); answers how many. */
export async function expireDue(
  shop: ShopData,
  nowSec: number,
  scope: { productId?: number; userId?: number } = {},
): Promise<number> {
  let query = shop.sql
    .selectFrom('shop_orders')
    .select('id')
    .where('state', '=', 'pending')
    .where('expires_at', '<=', nowSec);
  if (scope.productId !== undefined) query = query.where('product_id', '=', scope.productId);
  if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
  const due = await query.orderBy('id').limit(500).execute();
  let expired = 0;
  for (const { id } of due) if (await expireOrder(shop, id, nowSec)) expired += 1;
  return expired;
}

export type PlaceOrder = RequestBody<'shopOrderSave'>;

async function orderWithProduct(sql: Sql, where: { id?: number; userId: number; orderSn?: string }) {
  let query = sql
    .selectFrom('shop_orders')
    .innerJoin('shop_products', 'shop_products.id', 'shop_orders.product_id')
    .selectAll('shop_orders')
    .select(['shop_products.title as product_title', 'shop_products.images as product_images'])
    .where('shop_orders.user_id', '=', where.userId);
  if (where.id !== undefined) query = query.where('shop_orders.id', '=', where.id);
  if (where.orderSn !== undefined) query = query.where('shop_orders.order_sn', '=', where.orderSn);
  return query.executeTakeFirst();
}

function viewOf(row: NonNullable<Awaited<ReturnType<typeof orderWithProduct>>>, nowSec: number) {
  return orderView(row, { id: row.product_id, title: row.product_title, images: row.product_images }, nowSec);
}

async function firstOrder(sql: Sql, userId: number, key: string, nowSec: number) {
  const row = await sql
    .selectFrom('shop_orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  const full = await orderWithProduct(sql, { id: row.id, userId });
  return full && { ...viewOf(full, nowSec), repeated: true };
}

export async function placeOrder(
  shop: ShopData,
  userId: number,
  input: PlaceOrder,
  nowMs: number,
): Promise<OrderView> {
  const { sql } = shop;
  const nowSec = Math.floor(nowMs / 1000);
  const earlier = await firstOrder(sql, userId, input.idempotency_key, nowSec);
  if (earlier) return earlier;
  const address = await findAddress(sql, userId, input.address_id);
  let orderId: number;
  try {
    orderId = await insertOrder(sql, userId, input, address, nowMs).catch(async (error: unknown) => {
      // Sold out: stock held by overdue unpaid orders comes back first, then one more try.
      if (!(error instanceof ApiFailure) || error.xcode !== SHOP_XCODE.soldOut) throw error;
      if ((await expireDue(shop, nowSec, { productId: input.product_id })) === 0) throw error;
      return insertOrder(sql, userId, input, address, nowMs);
    });
  } catch (error) {
    // The same key raced in twice: the unique (user, key) constraint kept one order, or the other call took the stock
    // or the allowance this one needed (sold out, over the limit); either way the key has its order: answer it.
    const raced = await firstOrder(sql, userId, input.idempotency_key, nowSec);
    if (raced) return raced;
    throw error;
  }
  const row = await orderWithProduct(sql, { id: orderId, userId });
  if (!row) throw new Error(`order ${orderId} vanished`);
  return viewOf(row, nowSec);
}

/** One short transaction: take the stock, hold the viewer's quantity within the limit, insert the order. */
async function insertOrder(
  sql: Sql,
  userId: number,
  input: PlaceOrder,
  address: Awaited<ReturnType<typeof findAddress>>,
  nowMs: number,
): Promise<number> {
  const nowSec = Math.floor(nowMs / 1000);
  return sql.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('shop_products')
      .selectAll()
      .where('id', '=', input.product_id)
      .executeTakeFirst();
    if (!product) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '商品不存在', en: 'No such product' });
    const state = saleState(product, nowSec);
    if (state === 'upcoming')
      throw new ApiFailure(SHOP_XCODE.notOnSale, { 'zh-CN': '商品尚未开售', en: 'Not on sale yet' });
    if (state === 'ended')
      throw new ApiFailure(SHOP_XCODE.notOnSale, { 'zh-CN': '商品已停售', en: 'No longer on sale' });
    if (product.limit_per_user > 0 && input.quantity > product.limit_per_user)
      throw overLimit(product.limit_per_user);
    const taken = await trx
      .updateTable('shop_products')
      .set((eb) => ({ stock: eb('stock', '-', input.quantity) }))
      .where('id', '=', product.id)
      .where('stock', '>=', input.quantity)
      .returning('stock')
      .executeTakeFirst();
    if (!taken) throw new ApiFailure(SHOP_XCODE.soldOut, { 'zh-CN': '库存不足', en: 'Out of stock' });
    await trx
      .insertInto('shop_purchases')
      .values({ product_id: product.id, user_id: userId, quantity: 0 })
      .onConflict((conflict) => conflict.columns(['product_id', 'user_id']).doNothing())
      .execute();
    let held = trx
      .updateTable('shop_purchases')
      .set((eb) => ({ quantity: eb('quantity', '+', input.quantity) }))
      .where('product_id', '=', product.id)
      .where('user_id', '=', userId);
    if (product.limit_per_user > 0)
      held = held.where('quantity', '<=', product.limit_per_user - input.quantity);
    if (!(await held.returning('quantity').executeTakeFirst())) throw overLimit(product.limit_per_user);
    const created = await trx
      .insertInto('shop_orders')
      .values({
        order_sn: newOrderSn(nowMs),
        user_id: userId,
        product_id: product.id,
        quantity: input.quantity,
        unit_price_cents: product.price_cents,
        amount_cents: product.price_cents * input.quantity,
        state: 'pending',
        address_id: address.id,
        receiver: address.name,
        receiver_phone: address.phone,
        address_text: addressText(address),
        idempotency_key: input.idempotency_key,
        created_at: nowSec,
        expires_at: nowSec + product.pay_window_seconds,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  });
}

function overLimit(limit: number): ApiFailure {
  return new ApiFailure(SHOP_XCODE.overLimit, {
    'zh-CN': `每人限购 ${limit} 件`,
    en: `At most ${limit} per person`,
  });
}

export async function listOrders(
  shop: ShopData,
  userId: number,
  filter: RequestQuery<'shopOrderList'>,
  nowSec: number,
) {
  const { sql } = shop;
  await expireDue(shop, nowSec, { userId });
  const { page, pageSize, offset } = paging(filter, 10);
  let query = sql
    .selectFrom('shop_orders')
    .innerJoin('shop_products', 'shop_products.id', 'shop_orders.product_id')
    .where('shop_orders.user_id', '=', userId);
  if (filter.state) query = query.where('shop_orders.state', '=', filter.state);
  if (filter.order_sn) query = query.where('shop_orders.order_sn', '=', filter.order_sn);
  const [rows, count] = await Promise.all([
    query
      .selectAll('shop_orders')
      .select(['shop_products.title as product_title', 'shop_products.images as product_images'])
      .orderBy('shop_orders.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map((row) => viewOf(row, nowSec)),
    Number(count.total),
    page,
    pageSize,
  );
}

export async function findOrder(sql: Sql, userId: number, orderSn: string) {
  const row = await orderWithProduct(sql, { userId, orderSn });
  if (!row) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '订单不存在', en: 'No such order' });
  return row;
}

/** A pending order still inside its pay window (an overdue one is expired on the spot). */
export async function payableOrder(shop: ShopData, userId: number, orderSn: string, nowSec: number) {
  const row = await findOrder(shop.sql, userId, orderSn);
  if (row.state === 'pending' && row.expires_at <= nowSec) await expireOrder(shop, row.id, nowSec);
  if (row.state !== 'pending' || row.expires_at <= nowSec)
    throw new ApiFailure(SHOP_XCODE.notPayable, {
      'zh-CN': row.state === 'pending' || row.state === 'cancelled' ? '订单已超时取消' : '订单已支付',
      en: row.state === 'pending' || row.state === 'cancelled' ? 'The order expired' : 'The order is paid',
    });
  return row;
}

/** Sets the address of an unshipped order (pending or paid). */
export async function changeOrderAddress(
  sql: Sql,
  userId: number,
  input: RequestBody<'shopOrderAddress'>,
  nowSec: number,
) {
  const address = await findAddress(sql, userId, input.address_id);
  const changed = await sql
    .updateTable('shop_orders')
    .set({
      address_id: address.id,
      receiver: address.name,
      receiver_phone: address.phone,
      address_text: addressText(address),
    })
    .where('order_sn', '=', input.order_sn)
    .where('user_id', '=', userId)
    .where('state', 'in', ['pending', 'paid'])
    .returning('id')
    .executeTakeFirst();
  const row = await findOrder(sql, userId, input.order_sn);
  if (!changed)
    throw new ApiFailure(SHOP_XCODE.shipped, {
      'zh-CN': '订单已发货或已关闭，不能修改地址',
      en: 'The order has shipped or is closed; its address cannot change',
    });
  return viewOf(row, nowSec);
}
