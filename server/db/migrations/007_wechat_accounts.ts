/**
 * WeChat logins by code (web OAuth and mini program) and the phone-number code, plus the sandbox's one-time codes.
 * users.openid keeps the web (official account) openid; the mini program has its own openid per viewer.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('unionid', 'text').execute();
  await db.schema
    .createIndex('users_unionid')
    .on('users')
    .column('unionid')
    .unique()
    .where(sql.ref('unionid'), 'is not', null)
    .execute();
  await db.schema
    .createTable('wechat_mini_accounts')
    .addColumn('openid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_key', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('wechat_sandbox_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('oauth', 'mini', 'phone')`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
}
