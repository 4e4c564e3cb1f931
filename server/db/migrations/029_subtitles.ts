/**
 * Subtitle tracks organisers upload for a recording (a replay or an episode's stream): the recording's name as the
 * stream routes know it, the track's label and language, and its cues as WebVTT (an .srt upload is converted). The
 * stream routes list them in the recording's master playlist and cut them into segments along its video segments.
 * One track per recording and language: a new upload of the same language replaces the old.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subtitle_tracks')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('stream', 'text', (column) => column.notNull())
    .addColumn('language', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('vtt', 'text', (column) => column.notNull())
    .addColumn('organisation_id', 'integer')
    .addColumn('uploaded_by', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('subtitle_tracks_stream_language', ['stream', 'language'])
    .execute();
}
