/**
 * One title search index for every list that searches event titles (server/events/title-search.ts): a channel's
 * videos and, new here, an organisation's events in the console. A row belongs to a scope (`'channel'` or
 * `'organisation'` and its id). The channel's own tables (migrations 015 and 020) go: the index rebuilds itself on a
 * scope's next search, so nothing is copied.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channel_search_grams').execute();
  await db.schema.dropTable('channel_search').execute();
  await db.schema
    .createTable('title_search')
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('scope_id', 'integer', (column) => column.notNull())
    .addColumn('event_id', 'integer', (column) => column.notNull())
    /** The title normalised (NFKC, lower case, one space): what keywords are matched against. */
    .addColumn('title_key', 'text', (column) => column.notNull())
    /** The title the row was built from: a row whose event title differs is out of date. */
    .addColumn('title', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('title_search_pk', ['scope', 'scope_id', 'event_id'])
    .execute();
  await db.schema
    .createTable('title_search_grams')
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('scope_id', 'integer', (column) => column.notNull())
    .addColumn('gram', 'text', (column) => column.notNull())
    .addColumn('event_id', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('title_search_grams_pk', ['scope', 'scope_id', 'gram', 'event_id'])
    .execute();
}
