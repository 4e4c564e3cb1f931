/**
 * Real broadcasts (server/broadcast/): each event's secret stream key, and each broadcast of an event from its first
 * publisher to its replay. A broadcast is `live` while a publisher sends, `reconnecting` for the reconnect grace after
 * a publisher dropped, then `ended` (or `interrupted` when it stopped on an error), and `replay` once its recording
 * is a VOD episode of the event. Times are unix milliseconds.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stream_keys')
    .addColumn('event_id', 'integer', (col) => col.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('stream_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('broadcasts')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('dropped_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('episode_id', 'integer')
    .execute();
  await db.schema.createIndex('broadcasts_event').on('broadcasts').columns(['event_id', 'id']).execute();
}
