/**
 * Accounts: the slide check and its one-time tickets, mailed e-mail codes, favourites, complaints with images and
 * targets, VIP plans and memberships. Portable types only (integer, bigint, text); times are unix milliseconds,
 * money integer cents.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('slide_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('solved_at', 'bigint')
    .addColumn('ticket_hash', 'text', (c) => c.unique())
    .addColumn('ticket_expires_at', 'bigint')
    .addColumn('ticket_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('slide_challenges_ip')
    .on('slide_challenges')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('email_codes_email')
    .on('email_codes')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema.createIndex('email_codes_ip').on('email_codes').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('favourites')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('favourites_once', ['user_id', 'kind', 'target'])
    .execute();
  await db.schema.createIndex('favourites_user').on('favourites').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('complaint_reports')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('complaint_reports_daily', ['user_id', 'target_kind', 'target', 'day'])
    .execute();

  await db.schema
    .createTable('vip_plans')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('benefits', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('vip_memberships')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('vip_orders')
    .addColumn('order_sn', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('applied_at', 'bigint')
    .execute();
}
