/**
 * The English name of a channel category (the channel home's tabs). '' where the organiser wrote none: the app then
 * shows the original name in every language.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('channel_categories')
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
