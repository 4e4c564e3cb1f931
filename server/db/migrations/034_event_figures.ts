/**
 * The console's figures of an event (server/console/figures.ts): the viewers present in its room, sampled once a
 * minute while anyone watches (server/events/viewer-samples.ts). One row per event and minute: with several nodes
 * each may write the minute, the first write stays and the others change nothing (the primary key), so a minute is
 * never counted twice.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_viewer_samples')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    /** The minute's start, unix seconds (a multiple of 60). */
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('viewers', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_viewer_samples_pk', ['event_id', 'minute'])
    .execute();
}
