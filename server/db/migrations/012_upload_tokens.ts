/**
 * Upload tokens issued to logged-in viewers: one row per token (its own key prefix), so the local upload host takes
 * one file per token and the token call can count a viewer's tokens per hour. Portable types only.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema's types exist
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('issued_at', 'bigint', (column) => column.notNull())
    .addColumn('used_key', 'text')
    .execute();
  await db.schema
    .createIndex('upload_tokens_user')
    .on('upload_tokens')
    .columns(['user_id', 'issued_at'])
    .execute();
}
