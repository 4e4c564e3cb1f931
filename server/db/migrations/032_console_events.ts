/**
 * The organiser console edits events (server/console/): each event carries a version, raised by every save, so two
 * staff editing one event do not silently overwrite each other; an archived flag (archived events leave the
 * console's list, their room stays as it is); and when it was last changed. The console lists one organisation's
 * events, filtered by the flag and sorted by start time, title or creation: an index per sort keeps a page fast at
 * 10,000 events of one organisation.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, sort] of [
    ['events_console_start', 'start_time'],
    ['events_console_title', 'title'],
    ['events_console_id', 'id'],
  ] as const)
    await db.schema
      .createIndex(name)
      .on('events')
      .columns(['organisation_id', 'archived', sort, 'id'])
      .execute();
}
