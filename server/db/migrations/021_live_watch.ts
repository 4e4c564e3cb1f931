/**
 * Seconds each logged-in viewer has spent in an event's live room (server/engagement/live-watch.ts), which lotteries
 * that ask for N minutes of watching add to the recorded episodes' progress.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_watch')
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('event_token', 'text', (column) => column.notNull())
    .addColumn('seconds', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('live_watch_pk', ['user_id', 'event_token'])
    .execute();
}
