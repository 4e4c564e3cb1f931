/**
 * The channel search index remembers the title each row was built from (`channel_search.title`), so a search can
 * tell which rows no longer match their event (a renamed video, a video listed or unlisted since) and rebuild just
 * those before it answers. Rows indexed before this migration have '' and are rebuilt on their channel's next search.
 * `channel_videos` gets an index by channel: the index check and the channel's lists read the videos of one channel.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('channel_search')
    .addColumn('title', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('channel_videos_channel')
    .on('channel_videos')
    .columns(['channel_id', 'event_id'])
    .execute();
}
