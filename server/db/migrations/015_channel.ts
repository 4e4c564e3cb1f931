/**
 * Channels: each channel's profile (logo, cover, official account, follower count), its viewers' follows, organiser
 * HTML blocks for the channel and its categories, and the title search index. The search index is a plain table of
 * two-character grams (portable: the same query runs on SQLite and PostgreSQL, and Chinese titles, which have no
 * spaces between words, are found by any substring of two characters or more).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channel_profiles')
    .addColumn('channel_id', 'integer', (column) => column.primaryKey())
    .addColumn('logo', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('cover', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('official_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('official_qr', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('official_intro', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('followers', 'integer', (column) =>
      column.notNull().defaultTo(0).check(sql.raw('followers >= 0')),
    )
    .execute();

  await db.schema
    .createTable('channel_follows')
    .addColumn('channel_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('channel_follows_pk', ['channel_id', 'user_id'])
    .execute();
  await db.schema.createIndex('channel_follows_user').on('channel_follows').columns(['user_id']).execute();

  await db.schema
    .createTable('channel_html')
    .addColumn('channel_id', 'integer', (column) => column.notNull())
    .addColumn('category_id', 'integer', (column) => column.notNull())
    .addColumn('html', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('channel_html_pk', ['channel_id', 'category_id'])
    .execute();

  await db.schema
    .createTable('channel_search')
    .addColumn('channel_id', 'integer', (column) => column.notNull())
    .addColumn('event_id', 'integer', (column) => column.notNull())
    .addColumn('title_key', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('channel_search_pk', ['channel_id', 'event_id'])
    .execute();
  await db.schema
    .createTable('channel_search_grams')
    .addColumn('channel_id', 'integer', (column) => column.notNull())
    .addColumn('gram', 'text', (column) => column.notNull())
    .addColumn('event_id', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('channel_search_grams_pk', ['channel_id', 'gram', 'event_id'])
    .execute();
}
