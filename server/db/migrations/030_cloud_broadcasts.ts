/**
 * Broadcasts that a cloud live service carries (server/broadcast/tencent-css.ts): where each broadcast came from
 * ('ingest', this server's RTMP ingest, or 'cloud', the service's callbacks) and, for a cloud broadcast, the recording
 * the service made of it, which its replay plays.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('broadcasts')
    .addColumn('source', 'text', (column) => column.notNull().defaultTo('ingest'))
    .execute();
  await db.schema.alterTable('broadcasts').addColumn('recording_url', 'text').execute();
}
