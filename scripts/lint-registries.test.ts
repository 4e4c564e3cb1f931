/**
 * The one-wiring-place rule of eslint.config.js (scripts/lint/no-registries.js) on small source texts at virtual
 * paths: a map keyed by the database or the server, and a call at a server module's top level, fail the lint; caches
 * keyed by something else, calls inside functions, tests and entry points pass.
 */
import { describe, expect, it } from 'vitest';
import { ruleMessages } from './lint/lint-text';

const registryErrors = (filePath: string, code: string) =>
  ruleMessages(filePath, code, ['livev3/no-registries']);

const imports = "import type { Sql } from './db/sql.ts';\nimport type { FastifyInstance } from 'fastify';\n";

describe('lint: no registries in server/', () => {
  it.each([
    ['server/x/state.ts', 'const states = new WeakMap<Sql, string>();', 'WeakMap keyed by Sql'],
    ['server/x/cache.ts', 'const lookups: WeakMap<Sql, number> = new WeakMap();', 'WeakMap keyed by Sql'],
    [
      'server/db/x.ts',
      "import type { Db } from './database.ts';\nconst byDb = new WeakMap<Db, number>();",
      'keyed by Db',
    ],
    [
      'server/x/app.ts',
      'const runtimes = new WeakMap<FastifyInstance, number>();',
      'keyed by FastifyInstance',
    ],
    ['server/x/map.ts', 'export const bySql = new Map<Sql, number>();', 'Map keyed by Sql'],
    ['server/chat/lines.ts', "onSocketEvent('chat:send', () => undefined);", 'import side effect'],
    ['server/x/paid.ts', "registerPaidHook('product', async () => undefined);", 'import side effect'],
    ['server/x/start.ts', 'await startSweeps();', 'import side effect'],
    ['server/x/start.ts', 'void startSweeps();', 'import side effect'],
  ])('%s: %s fails', async (filePath, code, message) => {
    const errors = await registryErrors(filePath, `${imports}${code}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    [
      'server/uploads/x.ts',
      "import type { FastifyReply } from 'fastify';\nconst sniffed = new WeakMap<FastifyReply, string>();",
    ],
    [
      'server/x.ts',
      'export function services(sql: Sql) { const seen = new Map<string, Sql>(); return { sql, seen }; }',
    ],
    ['server/x.ts', 'export function attach(app: FastifyInstance) { app.get("/x", () => "x"); }'],
    ['server/x.test.ts', "describe('x', () => undefined);"],
    ['server/main.ts', 'await start();'],
    ['scripts/x.ts', 'const bySql = new WeakMap<Sql, number>();\nrun();'],
  ])('%s passes', async (filePath, code) => {
    expect(await registryErrors(filePath, `${imports}${code}`)).toEqual([]);
  });
});
