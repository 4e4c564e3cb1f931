/**
 * One declaration per table, true to the migrations: every table of server/db/tables/*.ts is declared once, every
 * table the migrations create is declared with exactly its columns, a column may hold null where the type says so
 * and only there, and a column the query builder may leave out of an insert (`Generated<>`) has a default. Nothing
 * else in server/ declares tables of its own (`withTables`). The declarations are read from the source (TypeScript's
 * parser), the schema from a freshly migrated SQLite database.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../config.ts';
import { openData, type Data } from './open.ts';
import { sqliteConnection } from './sql.ts';

type Column = { name: string; nullable: boolean; generated: boolean };
type Declared = { file: string; table: string; columns: Column[] };

const tablesDir = path.join(serverRoot, 'db/tables');
const tableFiles = fs.readdirSync(tablesDir).filter((name) => name.endsWith('.ts'));

/** Every table declared in the tables folder: the type-literal members of the interfaces each file exports. */
function declaredTables(): Declared[] {
  return tableFiles.flatMap((file) => {
    const text = fs.readFileSync(path.join(tablesDir, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    return source.statements.filter(ts.isInterfaceDeclaration).flatMap((tables) =>
      tables.members.filter(ts.isPropertySignature).flatMap((table) => {
        if (!table.type || !ts.isTypeLiteralNode(table.type)) return [];
        const columns = table.type.members.filter(ts.isPropertySignature).map((column) => {
          const type = column.type?.getText(source) ?? '';
          return {
            name: column.name.getText(source),
            nullable: /\bnull\b/.test(type),
            generated: type.startsWith('Generated<'),
          };
        });
        return [{ file, table: table.name.getText(source), columns }];
      }),
    );
  });
}

type Info = { name: string; notnull: number; dflt_value: unknown; pk: number; type: string };
const migrationTables = /^kysely_migration/;

let data: Data;
let migrated: Map<string, Info[]>;
beforeAll(async () => {
  data = await openData({ databasePath: ':memory:' });
  const db = sqliteConnection(data.sql);
  if (!db) throw new Error('expected the SQLite engine');
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  migrated = new Map(
    names
      .filter(({ name }) => !migrationTables.test(name))
      .map(({ name }) => [name, db.prepare(`PRAGMA table_info("${name}")`).all() as Info[]]),
  );
});
afterAll(() => data?.close());

describe('table declarations', () => {
  const declared = declaredTables();

  it('declares each table once', () => {
    const files = new Map<string, string[]>();
    for (const { table, file } of declared) files.set(table, [...(files.get(table) ?? []), file]);
    const twice = [...files]
      .filter(([, where]) => where.length > 1)
      .map(([table, where]) => `${table}: ${where}`);
    expect(twice).toEqual([]);
  });

  it('declares every table the migrations create, and no other', () => {
    const names = new Set(declared.map(({ table }) => table));
    expect([...migrated.keys()].filter((name) => !names.has(name)).sort()).toEqual([]);
    expect([...names].filter((name) => !migrated.has(name)).sort()).toEqual([]);
  });

  it('declares exactly the migrated columns, nullable where the schema allows null', () => {
    const wrong: string[] = [];
    for (const { table, columns } of declared) {
      const info = migrated.get(table);
      if (!info) continue;
      const byName = new Map(info.map((column) => [column.name, column]));
      for (const name of info.map((column) => column.name))
        if (!columns.some((column) => column.name === name)) wrong.push(`${table}.${name}: not declared`);
      const integerKey = info.filter((column) => column.pk > 0).length === 1;
      for (const column of columns) {
        const actual = byName.get(column.name);
        if (!actual) {
          wrong.push(`${table}.${column.name}: no such column`);
          continue;
        }
        const nullable = actual.notnull === 0 && actual.pk === 0;
        if (column.nullable !== nullable)
          wrong.push(`${table}.${column.name}: ${nullable ? 'may be null' : 'is NOT NULL'} in the schema`);
        const filled =
          actual.dflt_value !== null || (integerKey && actual.pk > 0 && actual.type === 'INTEGER');
        if (column.generated && !filled) wrong.push(`${table}.${column.name}: Generated<> without a default`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('joins every table file in schema.ts', () => {
    const schema = fs.readFileSync(path.join(serverRoot, 'db/schema.ts'), 'utf8');
    expect(tableFiles.filter((file) => !schema.includes(`'./tables/${file}'`))).toEqual([]);
  });

  it('leaves no table declared outside server/db/tables (withTables)', () => {
    const modules = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'media' ? [] : modules(full);
        return entry.name.endsWith('.ts') && full !== import.meta.filename ? [full] : [];
      });
    const copies = modules(serverRoot)
      .filter((file) => fs.readFileSync(file, 'utf8').includes('.withTables<'))
      .map((file) => path.relative(serverRoot, file));
    expect(copies).toEqual([]);
  });
});
