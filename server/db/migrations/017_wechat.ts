/**
 * WeChat Pay API v3 and web login: prepay ids per order and trade type, seen notification nonces (replay guard),
 * refunds with their state and retry schedule, used OAuth states (replay guard), and mini-program codes cached per
 * scene. Portable types only; money is integer cents, times are milliseconds.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the database before its types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wechat_prepays')
    .addColumn('order_sn', 'text', (column) => column.notNull())
    .addColumn('trade_type', 'text', (column) => column.notNull())
    .addColumn('prepay', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('wechat_prepays_pk', ['order_sn', 'trade_type'])
    .execute();
  await db.schema
    .createTable('wechat_notify_nonces')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('wechat_refunds')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('out_refund_no', 'text', (column) => column.notNull().unique())
    .addColumn('order_sn', 'text', (column) => column.notNull())
    .addColumn('amount_cents', 'integer', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (column) => column.notNull())
    .addColumn('refund_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('wechat_refunds_order').on('wechat_refunds').column('order_sn').execute();
  await db.schema
    .createIndex('wechat_refunds_due')
    .on('wechat_refunds')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createTable('wechat_oauth_states')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('used_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('wechat_mini_codes')
    .addColumn('cache_key', 'text', (column) => column.primaryKey())
    .addColumn('png_base64', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}
