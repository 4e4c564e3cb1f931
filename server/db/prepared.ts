/**
 * Prepared queries for hot paths: a query written on the query builder once, with named placeholders, compiled once
 * per engine, then run with values, without building and compiling it again on every call.
 *
 * Hot paths write their logic once as a generator of steps (`yield first(query, values)`) and run it in one
 * transaction with `runTransaction`: on PostgreSQL each step goes through kysely's executor inside a kysely
 * transaction; on SQLite the whole transaction runs synchronously on the better-sqlite3 connection (statements
 * cached), holding kysely's connection meanwhile so no kysely transaction interleaves with it. `sqliteTransaction`
 * runs many in one (the votes' group commit).
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Db } from './database.ts';
import { sqliteConnection, type Sql } from './sql.ts';

const SENTINEL = '\u0000livev3:';

export type Placeholder = (name: string) => never;

export type Prepared<R> = {
  /** Compiled text and a parameter list for the given values. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  bind(sql: Kysely<any>, values: Record<string, unknown>): { text: string; parameters: unknown[]; rows?: R };
};

/** A query with named placeholders: `prepared((sql, p) => sql.selectFrom('t').where('id', '=', p('id')))`. */
export function prepared<R>(build: (sql: Sql, p: Placeholder) => Compilable<R>): Prepared<R> {
  const compiledBy = new WeakMap<object, { text: string; slots: (string | { value: unknown })[] }>();
  const p: Placeholder = (name) => `${SENTINEL}${name}` as never;
  return {
    bind(sql, values) {
      // A transaction shares its database's executor and dialect: compile once per adapter class instance.
      const key = sql.getExecutor().adapter;
      let entry = compiledBy.get(key);
      if (!entry) {
        const compiled = build(sql as unknown as Sql, p).compile();
        entry = {
          text: compiled.sql,
          slots: compiled.parameters.map((parameter) =>
            typeof parameter === 'string' && parameter.startsWith(SENTINEL)
              ? parameter.slice(SENTINEL.length)
              : { value: parameter },
          ),
        };
        compiledBy.set(key, entry);
      }
      const parameters = entry.slots.map((slot) => {
        if (typeof slot !== 'string') return slot.value;
        if (!(slot in values)) throw new Error(`prepared query: no value for ${slot}`);
        return values[slot];
      });
      return { text: entry.text, parameters };
    },
  };
}

/** One step of a hot path: run a prepared query; `first` answers the first row (or undefined). */
export type Step = { query: Prepared<unknown>; values: Record<string, unknown>; first: boolean };

export function all<R>(query: Prepared<R>, values: Record<string, unknown>): Step {
  return { query: query as Prepared<unknown>, values, first: false };
}

export function first<R>(query: Prepared<R>, values: Record<string, unknown>): Step {
  return { query: query as Prepared<unknown>, values, first: true };
}

/** What a step answers: rows (`all`) or one row (`first`), typed by the caller. */
export type StepResult = unknown;

export type Steps<T> = Generator<Step, T, StepResult>;

type Statement = ReturnType<Db['prepare']> & {
  run(...parameters: unknown[]): unknown;
  get(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
};

const statementsByDb = new WeakMap<Db, Map<string, Statement>>();

/** Runs one step synchronously on the SQLite connection (statements cached per text). */
function runSync(db: Db, sql: Sql, step: Step): StepResult {
  const { text, parameters } = step.query.bind(sql, step.values);
  let cache = statementsByDb.get(db);
  if (!cache) statementsByDb.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = db.prepare(text) as Statement));
  if (!statement.reader) {
    statement.run(...parameters);
    return step.first ? undefined : [];
  }
  return step.first ? statement.get(...parameters) : statement.all(...parameters);
}

/** Drives steps synchronously on the SQLite connection (inside `sqliteTransaction`). */
function runStepsSync<T>(db: Db, sql: Sql, steps: Steps<T>): T {
  let next = steps.next();
  while (!next.done) next = steps.next(runSync(db, sql, next.value));
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function firstRow<R>(sql: Kysely<any>, query: Prepared<R>, values: Record<string, unknown>) {
  const db = sql.isTransaction ? undefined : sqliteConnection(sql);
  if (db && !db.inTransaction) return runSync(db, sql, first(query, values)) as R | undefined;
  const { text, parameters } = query.bind(sql, values);
  const { rows } = await sql.executeQuery(CompiledQuery.raw(text, parameters));
  return rows[0] as R | undefined;
}

/** Drives steps through kysely (either engine; pass a transaction for atomicity). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function runSteps<T>(sql: Kysely<any>, steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const { text, parameters } = next.value.query.bind(sql, next.value.values);
    const { rows } = await sql.executeQuery(CompiledQuery.raw(text, parameters));
    next = steps.next(next.value.first ? rows[0] : rows);
  }
  return next.value;
}
