/**
 * Security: wrong video passwords per event and subject (a viewer `user:<id>` or an address `ip:<address>`), so the
 * password gate locks after repeated failures with a growing back-off. Portable types only.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema's types exist
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_attempts')
    .addColumn('event_id', 'integer', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('password_attempts_pk', ['event_id', 'subject'])
    .execute();
}
