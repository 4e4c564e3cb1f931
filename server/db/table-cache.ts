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
): (key: K) => Promise<V> {
  const db = sqliteConnection(sql);
  if (!db) return lookup;
  for (const table of tables) watch(db, table);
  const map = versions(db);
  const stamp = () => tables.reduce((sum, table) => sum + (map.get(table) ?? 0), 0);
  let cache = new Map<K, V>();
  let cachedAt = stamp();
  return async (key) => {
    if (db.inTransaction) return lookup(key);
    const before = stamp();
    if (before !== cachedAt) {
      cache = new Map();
      cachedAt = before;
    }
    if (cache.has(key)) return cache.get(key) as V;
    const value = await lookup(key);
    if (stamp() !== cachedAt || db.inTransaction) return value;
    if (cache.size >= maxEntries) cache = new Map();
    cache.set(key, value);
    return value;
  };
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
