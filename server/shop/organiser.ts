/** The organiser's side of the shop: shipping (tracking number), completing, and sales per product. */
import type { RequestBody, RequestQuery } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import type { ShopOrderState } from '../db/tables/shop.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { productsOwnedBy } from '../organisations/owners.ts';
import { SHOP_XCODE } from './common.ts';
import { orderView } from './orders.ts';

export async function shipOrder(sql: Sql, input: RequestBody<'shopOrderShip'>, nowSec: number) {
  const action = input.action ?? 'ship';
  if (action === 'ship' && !input.tracking_no?.trim())
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '请填写快递单号',
      en: 'Please enter the tracking number',
    });
  const changed =
    action === 'ship'
      ? await sql
          .updateTable('shop_orders')
          .set({ state: 'shipped', shipped_at: nowSec, tracking_no: input.tracking_no!.trim() })
          .where('order_sn', '=', input.order_sn)
          .where('state', '=', 'paid')
          .returningAll()
          .executeTakeFirst()
      : await sql
          .updateTable('shop_orders')
          .set({ state: 'completed', closed_at: nowSec })
          .where('order_sn', '=', input.order_sn)
          .where('state', '=', 'shipped')
          .returningAll()
          .executeTakeFirst();
  if (!changed) {
    const exists = await sql
      .selectFrom('shop_orders')
      .select('state')
      .where('order_sn', '=', input.order_sn)
      .executeTakeFirst();
    if (!exists) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '订单不存在', en: 'No such order' });
    throw new ApiFailure(SHOP_XCODE.notPayable, {
      'zh-CN': action === 'ship' ? '只有已支付的订单可以发货' : '只有已发货的订单可以完成',
      en: action === 'ship' ? 'Only paid orders can ship' : 'Only shipped orders can complete',
    });
  }
  const product = await sql
    .selectFrom('shop_products')
    .select(['id', 'title', 'images'])
    .where('id', '=', changed.product_id)
    .executeTakeFirstOrThrow();
  return orderView(changed, product, nowSec);
}

const REVENUE: ShopOrderState[] = ['paid', 'shipped', 'completed'];

/** Sales per product of the scope (an event token, a contest, or neither), of the organisations' products only. */
export async function shopSales(sql: Sql, scope: RequestQuery<'shopSales'>, organisationIds: number[]) {
  let products = sql
    .selectFrom('shop_products')
    .select(['id', 'title', 'stock'])
    .where('id', 'in', productsOwnedBy(sql, organisationIds));
  if (scope.token !== undefined) products = products.where('event_token', '=', scope.token);
  if (scope.vote_id !== undefined) products = products.where('contest_id', '=', scope.vote_id);
  const list = await products.orderBy('position').orderBy('id').execute();
  const ids = list.map((product) => product.id);
  const counts = ids.length
    ? await sql
        .selectFrom('shop_orders')
        .select((eb) => [
          'product_id',
          'state',
          eb.fn.countAll<number>().as('orders'),
          eb.fn.sum<number>('quantity').as('quantity'),
          eb.fn.sum<number>('amount_cents').as('amount'),
        ])
        .where('product_id', 'in', ids)
        .groupBy(['product_id', 'state'])
        .execute()
    : [];
  let total = 0;
  const rows = list.map((product) => {
    const mine = counts.filter((count) => count.product_id === product.id);
    const revenue = mine
      .filter((count) => REVENUE.includes(count.state))
      .reduce((sum, count) => sum + Number(count.amount), 0);
    total += revenue;
    return {
      product_id: product.id,
      title: product.title,
      stock: product.stock,
      orders: Object.fromEntries(mine.map((count) => [count.state, Number(count.orders)])),
      quantity: Object.fromEntries(mine.map((count) => [count.state, Number(count.quantity)])),
      revenue_cents: revenue,
    };
  });
  return { list: rows, revenue_cents: total };
}
