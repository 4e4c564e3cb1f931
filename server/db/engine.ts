/**
 * The few places where the two engines differ, kept in this folder: which engine a query builder talks to, and the
 * schema-builder plugin that gives PostgreSQL SQLite's integers: every `integer` column is 64-bit there as in SQLite
 * (`bigint`; times in ms and seconds past 2038 fit), and `integer primary key` (SQLite's rowid alias, numbered
 * automatically) becomes `bigserial primary key`. So one migration file creates the same tables on both engines.
 */
import {
  DataTypeNode,
  OperationNodeTransformer,
  PostgresAdapter,
  sql,
  type ColumnDefinitionNode,
  type CreateTableBuilder,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SelectQueryBuilder,
  type UnknownRow,
} from 'kysely';

export type Engine = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * `SELECT ... FOR UPDATE` on PostgreSQL: the rows stay locked until the transaction ends, so concurrent transactions
 * on the same rows (grabs of one red packet) take turns. SQLite has no such clause and needs none: one writer at a
 * time, and a hot path's transaction there runs without a pause (server/db/prepared.ts).
 */
export function lockedForUpdate<DB, TB extends keyof DB, O>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
}

/** A unique constraint refused the write (SQLite's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

class SqliteIntegers extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const transformed = super.transformColumnDefinition(node);
    const type = transformed.dataType;
    if (!DataTypeNode.is(type) || type.dataType !== 'integer') return transformed;
    // SQLite's AUTOINCREMENT (never reuse an id) is what a PostgreSQL sequence does anyway.
    return {
      ...transformed,
      dataType: DataTypeNode.create(transformed.primaryKey ? 'bigserial' : 'bigint'),
      autoIncrement: false,
    };
  }
}

/**
 * PostgreSQL: `integer` columns become `bigint`, `integer primary key [autoincrement]` columns `bigserial primary
 * key` (numbered like SQLite's rowid). Values come back as numbers (server/db/open.ts parses int8).
 */
export const sqliteIntegers: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return new SqliteIntegers().transformNode(args.node);
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  },
};

/**
 * SQLite only: a table keyed by its primary key alone (no rowid), one b-tree write per row instead of two for the
 * hot counters. PostgreSQL tables have no rowid; the modifier is left out there.
 */
export function withoutRowid<T extends string, C extends string>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  builder: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C> {
  return engineOf(db) === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder;
}

/**
 * PostgreSQL: moves each automatic numbering (serial) past the highest id in its table, after rows were inserted with
 * their ids given (the demo seed). SQLite numbers from the highest rowid by itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function syncSequences(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`.execute(db);
  for (const { table_name: table, column_name: column } of rows)
    await sql`SELECT setval(pg_get_serial_sequence(${sql.lit(`"${table}"`)}, ${sql.lit(column)}),
      COALESCE(MAX(${sql.ref(column)}), 0) + 1, false) FROM ${sql.table(table)}`.execute(db);
}
