/**
 * The web login's OAuth `state` is a short random id of letters and digits (WeChat allows a-zA-Z0-9, at most 128
 * bytes), no longer a signed token carrying the return address: the return address and the expiry are kept here,
 * keyed by the state, and the callback uses a row once. The table of used signed states it replaces held only ids of
 * states that expired 10 minutes after they were made, so it is dropped, not converted.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wechat_oauth_states').execute();
  await db.schema
    .createTable('wechat_oauth_states')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('return_to', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('wechat_oauth_states_expiry')
    .on('wechat_oauth_states')
    .column('expires_at')
    .execute();
}
