/** Events that require the viewer to have a bound mobile phone before watching (the watch-phone gate). */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('needs_phone', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
