/**
 * The shop: products of an event or contest, viewers' addresses, shop orders and the per-user purchase counts that
 * hold the per-user limit under concurrency. Portable types only (integer, text); money is integer cents, times are
 * unix seconds.
 */
import { sql, type Kysely } from 'kysely';

const sqlCheck = (condition: string) => sql.raw(condition);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_products')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('event_token', 'text')
    .addColumn('contest_id', 'integer')
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('images', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('price_cents', 'integer', (column) => column.notNull().check(sqlCheck('price_cents > 0')))
    .addColumn('stock', 'integer', (column) => column.notNull().check(sqlCheck('stock >= 0')))
    .addColumn('limit_per_user', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('sale_starts_at', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('sale_ends_at', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('pay_window_seconds', 'integer', (column) => column.notNull().defaultTo(1800))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('shop_products_event')
    .on('shop_products')
    .columns(['event_token', 'position'])
    .execute();
  await db.schema
    .createIndex('shop_products_contest')
    .on('shop_products')
    .columns(['contest_id', 'position'])
    .execute();

  await db.schema
    .createTable('shop_addresses')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('phone', 'text', (column) => column.notNull())
    .addColumn('province', 'text', (column) => column.notNull())
    .addColumn('city', 'text', (column) => column.notNull())
    .addColumn('district', 'text', (column) => column.notNull())
    .addColumn('detail', 'text', (column) => column.notNull())
    .addColumn('is_default', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('shop_addresses_user')
    .on('shop_addresses')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('shop_orders')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('order_sn', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('product_id', 'integer', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sqlCheck('quantity > 0')))
    .addColumn('unit_price_cents', 'integer', (column) => column.notNull())
    .addColumn('amount_cents', 'integer', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('address_id', 'integer')
    .addColumn('receiver', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('receiver_phone', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('address_text', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('tracking_no', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'integer', (column) => column.notNull())
    .addColumn('paid_at', 'integer')
    .addColumn('shipped_at', 'integer')
    .addColumn('closed_at', 'integer')
    .addUniqueConstraint('shop_orders_user_key', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('shop_orders_user').on('shop_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('shop_orders_due').on('shop_orders').columns(['state', 'expires_at']).execute();
  await db.schema
    .createIndex('shop_orders_product')
    .on('shop_orders')
    .columns(['product_id', 'state'])
    .execute();

  // Quantity a viewer holds of a product (pending + paid orders): a conditional update keeps it within the limit.
  await db.schema
    .createTable('shop_purchases')
    .addColumn('product_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('quantity', 'integer', (column) => column.notNull().check(sqlCheck('quantity >= 0')))
    .addPrimaryKeyConstraint('shop_purchases_pk', ['product_id', 'user_id'])
    .execute();
}
