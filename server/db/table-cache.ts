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

/** A cached lookup, and what it holds for a key right now. */
export type CachedLookup<K, V> = ((key: K) => Promise<V>) & {
  /**
   * The cached value of `key` while it is valid, without waiting; undefined when it has to be read (not cached yet,
   * dropped by a write, inside a transaction, or on PostgreSQL, where nothing is cached). For the busiest calls,
   * which can then answer without a promise.
   */
  peek(key: K): V | undefined;
};

/** A lookup written once against any query builder, declared where it is used and cached per database. */
export type CachedDefinition<K, V> = {
  tables: string[];
  lookup: (sql: Sql, key: K) => Promise<V>;
  maxEntries?: number;
};

export function cachedLookup<K, V>(
  tables: string[],
  lookup: (sql: Sql, key: K) => Promise<V>,
  maxEntries?: number,
): CachedDefinition<K, V> {
  return { tables, lookup, maxEntries };
}

/** The table caches of one database (openData makes them once; server/services.ts hands them out). */
export type TableCaches = {
  /**
   * `lookup` (a query on the query builder) memoised per key until any of `tables` changes. On SQLite the change
   * triggers drop the cache (a value read while a write landed is not kept; nothing is cached inside an open
   * transaction); on PostgreSQL (other nodes write too, no triggers) every lookup reads. Results are shared between
   * callers: treat them as read-only. At most `maxEntries` keys are kept (the cache starts over past that).
   */
  query<K, V>(tables: string[], lookup: (key: K) => Promise<V>, maxEntries?: number): CachedLookup<K, V>;
  /**
   * The cache of a definition (one per definition and database): called with a transaction (`sql` is one), it reads
   * through.
   */
  of<K, V>(definition: CachedDefinition<K, V>): (sql: Sql, key: K) => Promise<V>;
};

/**
 * The caches of the database behind `sql`. Make them once per connection: the change triggers call one function of
 * the connection, and a second set of caches would take it over from the first.
 */
export function tableCaches(sql: Sql): TableCaches {
  const db = sqliteConnection(sql);
  const versions = db ? changeVersions(db) : null;
  const definitions = new Map<CachedDefinition<never, unknown>, (sql: Sql, key: never) => Promise<unknown>>();
  const query = <K, V>(
    tables: string[],
    lookup: (key: K) => Promise<V>,
    maxEntries = 1000,
  ): CachedLookup<K, V> => {
    if (!db || !versions) return Object.assign((key: K) => lookup(key), { peek: () => undefined });
    for (const table of tables) watch(db, versions, table);
    return cached(db, versions, tables, lookup, maxEntries);
  };
  return {
    query,
    of<K, V>(definition: CachedDefinition<K, V>) {
      const known = definitions.get(definition as CachedDefinition<never, unknown>);
      if (known) return known as (sql: Sql, key: K) => Promise<V>;
      const lookup = query(definition.tables, (key: K) => definition.lookup(sql, key), definition.maxEntries);
      const read = (on: Sql, key: K) => (on.isTransaction ? definition.lookup(on, key) : lookup(key));
      definitions.set(
        definition as CachedDefinition<never, unknown>,
        read as (sql: Sql, key: never) => Promise<unknown>,
      );
      return read;
    },
  };
}

type Versions = Map<string, number>;

/** The change counts of the connection's watched tables, bumped by the triggers' function. */
function changeVersions(db: Db): Versions {
  const versions: Versions = new Map();
  // SQLite only (this folder is the engine layer): a JavaScript function the change triggers call.
  db.function('livev3_table_changed', { deterministic: false }, (table: unknown) => {
    const name = String(table);
    versions.set(name, (versions.get(name) ?? 0) + 1);
    return null;
  });
  return versions;
}

function watch(db: Db, versions: Versions, table: string): void {
  if (versions.has(table)) return;
  if (!/^\w+$/.test(table)) throw new Error(`bad table name ${table}`);
  versions.set(table, 0);
  // Temporary triggers live on the connection only (nothing in the schema), created before any cached read.
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    db.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS livev3_cache_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table}
       BEGIN SELECT livev3_table_changed('${table}'); END`,
    );
  }
}

function cached<K, V>(
  db: Db,
  versions: Versions,
  tables: string[],
  lookup: (key: K) => Promise<V>,
  maxEntries: number,
): CachedLookup<K, V> {
  const stamp = () => tables.reduce((sum, table) => sum + (versions.get(table) ?? 0), 0);
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
  const read = async (key: K) => {
    const entries = current();
    if (!entries) return lookup(key);
    if (entries.has(key)) return entries.get(key) as V;
    const value = await lookup(key);
    if (stamp() !== cachedAt || db.inTransaction) return value;
    if (cache.size >= maxEntries) cache = new Map();
    cache.set(key, value);
    return value;
  };
  return Object.assign(read, { peek: (key: K) => current()?.get(key) });
}
