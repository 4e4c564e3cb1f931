/**
 * Read-through caches for hot lookups (the event behind a video token is read on nearly every call), dropped the
 * moment a table they read from changes.
 *
 * Change detection is exact, not time-based: on SQLite, temporary triggers on the watched tables call a JS function
 * on every insert, update and delete made through this connection, which bumps the table's version. The server is
 * the only writer there (one process, one connection), so every write goes through the triggers. Nothing is cached
 * inside an open transaction (its writes may still roll back). On PostgreSQL other nodes write too and no trigger
 * reaches this process: nothing is cached. The triggers are the one engine-specific piece here, which is why this
 * file sits with the engine layer and keeps the better-sqlite3 connection.
 */
import type { Db } from './database.ts';
import { sqliteConnection, type Sql } from './sql.ts';

type Versions = Map<string, number>;
const versionsByDb = new WeakMap<Db, Versions>();

function versions(db: Db): Versions {
  let map = versionsByDb.get(db);
  if (!map) {
    const created: Versions = new Map();
    map = created;
    versionsByDb.set(db, created);
    // SQLite only (this folder is the engine layer): a JavaScript function the change triggers call.
    db.function('livev3_table_changed', { deterministic: false }, (table: unknown) => {
      const name = String(table);
      created.set(name, (created.get(name) ?? 0) + 1);
      return null;
    });
  }
  return map;
}

function watch(db: Db, table: string): void {
  const map = versions(db);
  if (map.has(table)) return;
  if (!/^\w+$/.test(table)) throw new Error(`bad table name ${table}`);
  map.set(table, 0);
  // Temporary triggers live on the connection only (nothing in the schema), created before any cached read.
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    db.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS livev3_cache_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table}
       BEGIN SELECT livev3_table_changed('${table}'); END`,
    );
  }
}

/** A cached lookup, and what it holds for a key right now. */
export type CachedLookup<K, V> = ((key: K) => Promise<V>) & {
  /**
   * The cached value of `key` while it is valid, without waiting; undefined when it has to be read (not cached yet,
   * dropped by a write, inside a transaction, or on PostgreSQL, where nothing is cached). For the busiest calls,
   * which can then answer without a promise.
   */
  peek(key: K): V | undefined;
};

/**
 * `lookup` (a query on the query builder) memoised per key until any of `tables` changes. On SQLite the change
 * triggers drop the cache (a value read while a write landed is not kept; nothing is cached inside an open
 * transaction); on PostgreSQL (other nodes write too, no triggers) every lookup reads. Results are shared between
 * callers: treat them as read-only. At most `maxEntries` keys are kept (the cache starts over past that).
 */
export function cachedQuery<K, V>(
  sql: Sql,
  tables: string[],
  lookup: (key: K) => Promise<V>,
  maxEntries = 1000,
): CachedLookup<K, V> {
  const db = sqliteConnection(sql);
  if (!db) return Object.assign((key: K) => lookup(key), { peek: () => undefined });
  for (const table of tables) watch(db, table);
  const map = versions(db);
  const stamp = () => tables.reduce((sum, table) => sum + (map.get(table) ?? 0), 0);
  let cache = new Map<K, V>();
  let cachedAt = stamp();
  /** The cache as of now (emptied if a watched table changed), or null inside a transaction. */
  const current = () => {
    if (db.inTransaction) return null;
    const now = stamp();
    if (now !== cachedAt) {
      cache = new Map();
      cachedAt = now;
    }
    return cache;
  };
  const cached = async (key: K) => {
    const entries = current();
    if (!entries) return lookup(key);
    if (entries.has(key)) return entries.get(key) as V;
    const value = await lookup(key);
    if (stamp() !== cachedAt || db.inTransaction) return value;
    if (cache.size >= maxEntries) cache = new Map();
    cache.set(key, value);
    return value;
  };
  return Object.assign(cached, { peek: (key: K) => current()?.get(key) });
}

/**
 * `cachedQuery` for a lookup written once against any database: one cache per database, and inside a transaction
 * (`sql` is one) the lookup reads through.
 */
export function tableCached<K, V>(
  tables: string[],
  lookup: (sql: Sql, key: K) => Promise<V>,
  maxEntries?: number,
): (sql: Sql, key: K) => Promise<V> {
  const bySql = new WeakMap<Sql, (key: K) => Promise<V>>();
  return (sql, key) => {
    if (sql.isTransaction) return lookup(sql, key);
    let cached = bySql.get(sql);
    if (!cached) bySql.set(sql, (cached = cachedQuery(sql, tables, (k: K) => lookup(sql, k), maxEntries)));
    return cached(key);
  };
}
