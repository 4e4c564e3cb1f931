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
 * The better-sqlite3 connection behind a query builder, by its adapter: a kysely transaction shares its database's
 * adapter, so a transaction finds the same connection.
 */
const connections = new WeakMap<object, Db>();

type Statement = ReturnType<Db['prepare']>;

/**
 * The connection as kysely's SQLite driver sees it, with its statements kept per SQL text: the driver prepares every
 * query again, which costs more than running it on the hot reads (a statement that is still being iterated is not
 * handed out twice).
 */
function withStatementCache(db: Db, maxStatements = 500) {
  let cache = new Map<string, Statement>();
  return {
    close: () => db.close(),
    prepare(text: string): Statement {
      const cached = cache.get(text);
      if (cached && !cached.busy) return cached;
      const statement = db.prepare(text);
      if (cache.size >= maxStatements) cache = new Map();
      cache.set(text, statement);
      return statement;
    },
  };
}

/** A query builder on a better-sqlite3 connection (an in-memory test database is one database). */
export function sqliteSql(db: Db): Sql {
  const sql = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(db) }) });
  connections.set(sql.getExecutor().adapter, db);
  return sql;
}

/**
 * The SQLite connection under `sql` (undefined on PostgreSQL), for this folder's engine layer only: the hot paths'
 * synchronous transactions (server/db/prepared.ts) and the table caches' change triggers (server/db/table-cache.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function sqliteConnection(sql: Kysely<any>): Db | undefined {
  return connections.get(sql.getExecutor().adapter);
}
