/**
 * Opens the server's data: PostgreSQL when a `postgres://` URL is given (DATABASE_URL), otherwise the SQLite file at
 * DATABASE_PATH (`:memory:` for tests). Either way the schema is brought to the latest portable migration, so both
 * engines hold the same tables.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDatabase } from './database.ts';
import type { Engine } from './engine.ts';
import { migratePortable } from './migrate-portable.ts';
import { sqliteSql, type Sql } from './sql.ts';
import { tableCaches, type TableCaches } from './table-cache.ts';

export type Data = {
  engine: Engine;
  /** Every query goes through it, on either engine (the SQLite connection under it: sqliteConnection, sql.ts). */
  sql: Sql;
  /** The read-through caches of this database (server/db/table-cache.ts). */
  caches: TableCaches;
  /**
   * Runs `task` every `ms` until the database is closed (a sweep must not outlive its server: a test process opens
   * many). Errors are the task's to handle; one that escapes is dropped and the next run tries again.
   */
  every: (ms: number, task: () => Promise<unknown>) => void;
  close: () => Promise<void>;
};

export type DataOptions = {
  databasePath: string;
  /** `postgres://user@host:port/db`: PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** PostgreSQL: pool size (default 10). */
  poolSize?: number;
};

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

// PostgreSQL answers bigint (times, counts) and numeric (sums of bigints) as strings; every such value here is a
// safe integer (times in ms, counts, cents).
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export function postgresPool(url: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: url, max, types: pgTypes as pg.CustomTypesConfig });
}

export function postgresSql(pool: pg.Pool): Sql {
  return new Kysely({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Ends the pool and waits until every connection has really closed: the pool's own end resolves once it has asked
 * its clients to end, before their sockets close, and dropping the database right then (the test databases) made
 * the server cut those still-open connections, which surfaced as uncaught 'terminating connection' errors.
 */
async function closePool(pool: pg.Pool, sql: Sql): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    const timer = setTimeout(resolve, 5000);
    timer.unref();
    pool.on('remove', () => {
      open -= 1;
      if (open <= 0) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  await sql.destroy();
  await closed;
}

/** Repeating tasks that stop when the database closes. */
function sweeps() {
  const stops: (() => void)[] = [];
  return {
    every(ms: number, task: () => Promise<unknown>) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        task()
          .catch(() => undefined)
          .finally(() => (running = false));
      }, ms);
      timer.unref();
      stops.push(() => clearInterval(timer));
    },
    stop() {
      stops.splice(0).forEach((stop) => stop());
    },
  };
}

export async function openData(options: DataOptions): Promise<Data> {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = postgresPool(options.databaseUrl, options.poolSize);
    const sql = postgresSql(pool);
    try {
      await migratePortable(sql);
    } catch (error) {
      await sql.destroy();
      throw error;
    }
    const tasks = sweeps();
    return {
      engine: 'postgres',
      sql,
      caches: tableCaches(sql),
      every: tasks.every,
      close: () => {
        tasks.stop();
        return closePool(pool, sql);
      },
    };
  }
  const db = openDatabase(options.databasePath);
  const sql = sqliteSql(db);
  await migratePortable(sql);
  const tasks = sweeps();
  return {
    engine: 'sqlite',
    sql,
    caches: tableCaches(sql),
    every: tasks.every,
    close: async () => {
      tasks.stop();
      db.close();
    },
  };
}
