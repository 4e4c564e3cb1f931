/** Orders paid through WeChat Pay (or its sandbox). Money is integer cents. An order is paid at most once. */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('order_sn', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind IN ('video', 'reward', 'redpack', 'vote', 'registration', 'product')`),
    )
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`status IN (0, 1, 2)`),
    )
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('prepay_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
}
