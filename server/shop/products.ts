/** Products of an event or a contest, with their sale state at a given moment. */
import type { RequestQuery } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import type { ShopTables } from '../db/tables/shop.ts';
import type { Selectable } from 'kysely';
import { pageOf, paging } from './common.ts';

export type ProductRow = Selectable<ShopTables['shop_products']>;
export type SaleState = 'upcoming' | 'on_sale' | 'ended';

export function saleState(product: ProductRow, nowSec: number): SaleState {
  if (product.sale_starts_at > 0 && nowSec < product.sale_starts_at) return 'upcoming';
  if (product.sale_ends_at > 0 && nowSec >= product.sale_ends_at) return 'ended';
  return 'on_sale';
}

export function parseImages(images: string): string[] {
  try {
    const list: unknown = JSON.parse(images);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function productView(product: ProductRow, nowSec: number) {
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    images: parseImages(product.images),
    price_cents: product.price_cents,
    stock: product.stock,
    limit_per_user: product.limit_per_user,
    sale_starts_at: product.sale_starts_at,
    sale_ends_at: product.sale_ends_at,
    sale_state: saleState(product, nowSec),
    pay_window_seconds: product.pay_window_seconds,
  };
}

export async function listProducts(sql: Sql, scope: RequestQuery<'shopProductList'>, nowSec: number) {
  const { page, pageSize, offset } = paging(scope);
  let query = sql.selectFrom('shop_products');
  if (scope.id !== undefined) query = query.where('id', '=', scope.id);
  if (scope.token !== undefined) query = query.where('event_token', '=', scope.token);
  if (scope.vote_id !== undefined) query = query.where('contest_id', '=', scope.vote_id);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('position').orderBy('id').limit(pageSize).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    ...pageOf(
      rows.map((row) => productView(row, nowSec)),
      Number(count.total),
      page,
      pageSize,
    ),
    now: nowSec,
  };
}
