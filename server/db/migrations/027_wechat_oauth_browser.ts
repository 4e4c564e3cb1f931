/**
 * The web login's state is bound to the browser that started the login: the entry sets a random nonce in an HttpOnly
 * cookie and keeps only its SHA-256 here, beside the state; the callback takes the state only from the browser that
 * holds the nonce, so a callback address made by someone else cannot log a viewer into another account. States issued
 * before this column existed have none and are refused (they live 10 minutes: a login under way logs in again).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wechat_oauth_states').addColumn('browser_hash', 'text').execute();
}
