/**
 * The query builder (kysely): every server query is written once against `Sql` and runs on SQLite (better-sqlite3,
 * the zero-setup default) or PostgreSQL (`DATABASE_URL`). Portable habits: conditional updates with `returning`,
 * unique constraints for idempotency, short transactions; no engine-specific SQL outside this folder.
 */
import { Kysely, SqliteDialect } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

export type Sql = Kysely<Database>;

/**
 * A query builder on the same better-sqlite3 connection as the legacy synchronous queries, so both see one
 * transaction state and an in-memory test database is one database.
 */
export function sqliteSql(db: Db): Sql {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: db }) });
}
