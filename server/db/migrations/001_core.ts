/**
 * Viewers, sessions and events (live rooms). Money is integer cents, times unix milliseconds. Portable: the same file
 * creates the same tables on SQLite and PostgreSQL (`integer primary key` is numbered on both, see ../engine.ts).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('openid', 'text', (c) => c.unique())
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('color_code', 'text', (c) => c.notNull().defaultTo('red'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('announcement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('live_status', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`live_status IN (0, 1, 2)`),
    )
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('live_stream', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('replay_stream', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price_cents >= 0`),
    )
    .addColumn('needs_info_form', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Gates a viewer has passed for an event: 'password', 'paid', 'info_form'.
  await db.schema
    .createTable('event_access')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gate', 'text', (c) => c.notNull().check(sql`gate IN ('password', 'paid', 'info_form')`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_access_pk', ['event_id', 'user_id', 'gate'])
    .execute();
}
