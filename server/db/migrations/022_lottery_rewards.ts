/**
 * Lottery prizes of three kinds: goods (sent to the delivery address the winner gives), points (added to the winner's
 * points balance of the event, `engage_points`) and coupons (given to the winner's account). Points and coupons are
 * credited in the draw's transaction, one `engage_lottery_credits` row per winning draw (its primary key), so a prize
 * is credited exactly once; a coupon is its credit row.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('engage_lottery_prizes')
    .addColumn('reward', 'text', (column) => column.notNull().defaultTo('goods'))
    .execute();
  await db.schema
    .alterTable('engage_lottery_prizes')
    .addColumn('reward_amount', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('engage_lottery_credits')
    .addColumn('draw_id', 'integer', (column) => column.primaryKey())
    .addColumn('lottery_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('event_token', 'text', (column) => column.notNull())
    .addColumn('reward', 'text', (column) => column.notNull())
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('engage_lottery_credits_user')
    .on('engage_lottery_credits')
    .columns(['user_id', 'event_token'])
    .execute();
}
