/**
 * Prepared queries for hot paths: a query written on the query builder once, with named placeholders, compiled once
 * per engine, then run with values, without building and compiling it again on every call. A prepared query carries
 * the row type of its builder (`returning` included; a write without `returning` answers no row).
 *
 * Hot paths write their rules once as a generator of steps (`const row = yield* first(query, values)`, typed by the
 * query) and run them on either engine: `runTransaction` runs them in one short transaction (on PostgreSQL a kysely
 * transaction, each step through kysely's executor; on SQLite one synchronous transaction on the better-sqlite3
 * connection, statements kept, holding kysely's connection meanwhile so no kysely transaction interleaves with it);
 * `sqliteBatch` runs many in one SQLite transaction (the group commit of votes and grabs).
 */
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  sql as raw,
  type Compilable,
  type DeleteResult,
  type InsertResult,
  type RawBuilder,
  type UpdateResult,
} from 'kysely';
import type { Db } from './database.ts';
import { sqliteConnection, type Sql } from './sql.ts';

const SENTINEL = '\u0000livev3:';

/** A named value of a prepared query, given when it runs; it fits any column (the value is checked by the engine). */
export type Placeholder = (name: string) => RawBuilder<never>;

/** The values of a prepared query's placeholders, by name. */
export type Values = Record<string, unknown>;

/** The row a query answers: its selection or `returning`; none for a write without `returning`. */
type RowOf<O> = O extends InsertResult | UpdateResult | DeleteResult ? never : O;

export type Prepared<R> = {
  /** Its rows, through kysely (either engine; inside the transaction when `sql` is one). */
  rows(sql: Sql, values: Values): Promise<R[]>;
  /** SQLite: its first row, run synchronously on `db`, the connection behind `sql` (the statement is kept). */
  firstSync(db: Db, sql: Sql, values: Values): R | undefined;
  /** SQLite: all its rows, run synchronously like `firstSync`. */
  allSync(db: Db, sql: Sql, values: Values): R[];
};

/** A query with named placeholders: `prepared((sql, p) => sql.selectFrom('t').where('id', '=', p('id')))`. */
export function prepared<O>(build: (sql: Sql, p: Placeholder) => Compilable<O>): Prepared<RowOf<O>> {
  type R = RowOf<O>;
  type Compiled = {
    text: string;
    slots: (string | { value: unknown })[];
    statement?: BetterSqlite3.Statement<unknown[], R>;
  };
  const p: Placeholder = (name) => raw<never>`${SENTINEL + name}`;
  // Keyed by kysely's adapter: a transaction shares its database's adapter (and so its dialect and connection).
  const compiledBy = new WeakMap<object, Compiled>();
  const compiled = (sql: Sql): Compiled => {
    const key = sql.getExecutor().adapter;
    let entry = compiledBy.get(key);
    if (!entry) {
      const query = build(sql, p).compile();
      entry = {
        text: query.sql,
        slots: query.parameters.map((parameter) =>
          typeof parameter === 'string' && parameter.startsWith(SENTINEL)
            ? parameter.slice(SENTINEL.length)
            : { value: parameter },
        ),
      };
      compiledBy.set(key, entry);
    }
    return entry;
  };
  const parameters = (entry: Compiled, values: Values) =>
    entry.slots.map((slot) => {
      if (typeof slot !== 'string') return slot.value;
      if (!(slot in values)) throw new Error(`prepared query: no value for ${slot}`);
      return values[slot];
    });
  /** The kept statement (a write without `returning` runs and answers no row) and its parameters. */
  const statement = (db: Db, sql: Sql, values: Values) => {
    const entry = compiled(sql);
    // Rows typed as the builder declared them, the trust kysely's own `execute()` places in its driver.
    entry.statement ??= db.prepare<unknown[], R>(entry.text);
    return { statement: entry.statement, parameters: parameters(entry, values) };
  };
  return {
    async rows(sql, values) {
      const entry = compiled(sql);
      // The row type is the query builder's own: kysely's typed execution, as `execute()` of the builder would be.
      const query: CompiledQuery<R> = CompiledQuery.raw(entry.text, parameters(entry, values));
      return (await sql.executeQuery(query)).rows;
    },
    firstSync(db, sql, values) {
      const { statement: run, parameters: list } = statement(db, sql, values);
      if (run.reader) return run.get(...list);
      run.run(...list);
      return undefined;
    },
    allSync(db, sql, values) {
      const { statement: run, parameters: list } = statement(db, sql, values);
      if (run.reader) return run.all(...list);
      run.run(...list);
      return [];
    },
  };
}

/**
 * One query of a hot path, for whichever runner drives the steps: synchronously on the SQLite connection, or through
 * kysely. The step keeps what the query answered; `first`, `one` and `all` hand it back typed.
 */
export type Step = { sync(db: Db, sql: Sql): void; run(sql: Sql): Promise<void> };

/** A hot path's rules: a generator of steps, `yield*` each query (`const row = yield* first(query, values)`). */
export type Steps<T> = Generator<Step, T, void>;

/** All rows of the query. */
export function* all<R>(query: Prepared<R>, values: Values): Steps<R[]> {
  let rows: R[] = [];
  yield {
    sync(db, sql) {
      rows = query.allSync(db, sql, values);
    },
    async run(sql) {
      rows = await query.rows(sql, values);
    },
  };
  return rows;
}

/** The first row of the query, or undefined (also what a write without `returning` answers). */
export function* first<R>(query: Prepared<R>, values: Values): Steps<R | undefined> {
  let row: R | undefined;
  yield {
    sync(db, sql) {
      row = query.firstSync(db, sql, values);
    },
    async run(sql) {
      [row] = await query.rows(sql, values);
    },
  };
  return row;
}

/** The first row of a query that always answers one (an insert's `returning`, an aggregate); throws otherwise. */
export function* one<R>(query: Prepared<R>, values: Values): Steps<R> {
  const row = yield* first(query, values);
  if (row === undefined) throw new Error('prepared query answered no row');
  return row;
}

/** Drives steps synchronously on the SQLite connection (inside `sqliteTransaction`). */
function runStepsSync<T>(db: Db, sql: Sql, steps: Steps<T>): T {
  let next = steps.next();
  while (!next.done) {
    next.value.sync(db, sql);
    next = steps.next();
  }
  return next.value;
}

/** Runs a set of steps synchronously (inside `sqliteTransaction`'s work). */
export type RunSync = <T>(steps: Steps<T>) => T;

/**
 * SQLite only: `work` as ONE synchronous better-sqlite3 transaction (BEGIN IMMEDIATE) on `sql`'s connection, while
 * kysely's connection is held, so no kysely query or transaction runs in between. Whatever `work` throws rolls the
 * whole transaction back. `sql` must be the database, not a transaction.
 */
export async function sqliteTransaction<T>(sql: Sql, work: (run: RunSync) => T): Promise<T> {
  const db = sqliteConnection(sql);
  if (!db || sql.isTransaction)
    throw new Error('sqliteTransaction needs a SQLite database, not a transaction');
  return sql
    .connection()
    .execute(async () => db.transaction(() => work((steps) => runStepsSync(db, sql, steps))).immediate());
}

/** One unit's outcome in a batch: its result, or what it threw. */
export type BatchOutcome<R> = { ok: true; result: R } | { ok: false; error: unknown };

/**
 * SQLite: many units of work in ONE transaction (one WAL commit for all), each run in order exactly as it would run
 * alone (a unit's reads see the units before it). `state` is made once per transaction and handed to every unit (a
 * cache of rows the units only read). A unit that throws an error `isRefusal` accepts must have written nothing
 * (its checks come before its writes): it fails alone and the others still commit. Any other error rolls the whole
 * batch back and every unit in it fails with that error (nothing written; clients retry).
 */
export async function sqliteBatch<I, R, S>(
  sql: Sql,
  inputs: I[],
  unit: (run: RunSync, input: I, state: S) => R,
  state: () => S,
  isRefusal: (error: unknown) => boolean,
): Promise<BatchOutcome<R>[]> {
  try {
    return await sqliteTransaction(sql, (run) => {
      const shared = state();
      return inputs.map((input): BatchOutcome<R> => {
        try {
          return { ok: true, result: unit(run, input, shared) };
        } catch (error) {
          if (isRefusal(error)) return { ok: false, error };
          throw error;
        }
      });
    });
  } catch (error) {
    return inputs.map(() => ({ ok: false, error }));
  }
}

/**
 * Group commit: the calls made in the same event-loop turn are run together by `runBatch` (at most `maxBatch` at a
 * time, see `sqliteBatch`), each answered once its batch has committed.
 */
export function groupCommit<I, R>(
  runBatch: (inputs: I[]) => Promise<BatchOutcome<R>[]>,
  maxBatch = 256,
): (input: I) => Promise<R> {
  let queue: { input: I; resolve(result: R): void; reject(error: unknown): void }[] = [];
  const flush = async () => {
    while (queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      const outcomes = await runBatch(batch.map((item) => item.input));
      outcomes.forEach((outcome, index) =>
        outcome.ok ? batch[index].resolve(outcome.result) : batch[index].reject(outcome.error),
      );
    }
  };
  return (input) =>
    new Promise<R>((resolve, reject) => {
      if (queue.length === 0) setImmediate(() => void flush());
      queue.push({ input, resolve, reject });
    });
}

/**
 * A hot path's steps in one short transaction on either engine: synchronous on SQLite (`sqliteTransaction`), a kysely
 * transaction on PostgreSQL. Inside a transaction already (`sql` is one), the steps run in it.
 */
export function runTransaction<T>(sql: Sql, steps: () => Steps<T>): Promise<T> {
  if (sql.isTransaction) return runSteps(sql, steps());
  if (sqliteConnection(sql)) return sqliteTransaction(sql, (run) => run(steps()));
  return sql.transaction().execute((trx) => runSteps(trx, steps()));
}

/**
 * One prepared query's first row (either engine): the hot single reads (the session of every logged-in call) skip
 * building and compiling the query each time. On SQLite outside a transaction the statement runs at once, as kysely's
 * driver would run it (synchronously) but without queueing for the connection behind the other calls' queries; inside
 * a kysely transaction (which spans awaits) it goes through kysely and so waits its turn.
 */
export async function firstRow<R>(sql: Sql, query: Prepared<R>, values: Values): Promise<R | undefined> {
  const db = sql.isTransaction ? undefined : sqliteConnection(sql);
  if (db && !db.inTransaction) return query.firstSync(db, sql, values);
  const [row] = await query.rows(sql, values);
  return row;
}

/** Drives steps through kysely (either engine; pass a transaction for atomicity). */
export async function runSteps<T>(sql: Sql, steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    await next.value.run(sql);
    next = steps.next();
  }
  return next.value;
}
