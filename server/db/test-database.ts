/**
 * The server suite's PostgreSQL run (TEST_DATABASE_URL): every test server gets a database of its own, copied from a
 * template that was migrated and seeded once per PostgreSQL instance (a copy takes a fraction of a second; migrating
 * and seeding every time would take seconds). Test processes running in parallel share the template through an
 * advisory lock.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { serverRoot } from '../config.ts';
import { isPostgresUrl, openData, type Data } from './open.ts';
import type { Sql } from './sql.ts';
import { systemClock } from '../clock.ts';

/**
 * The template's name carries a digest of the migrations and seeds, so a changed schema or demo data gets a new one
 * on a long-running PostgreSQL.
 */
function templateName(): string {
  const digest = crypto.createHash('sha256');
  for (const dir of ['db/migrations', 'seed']) {
    const full = path.join(serverRoot, dir);
    for (const name of fs.readdirSync(full).sort())
      digest.update(name).update(fs.readFileSync(path.join(full, name)));
  }
  return `livev3_template_${digest.digest('hex').slice(0, 12)}`;
}
const LOCK = 774402;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type TestDatabase = { url: string; drop(): Promise<void> };

/** A fresh database holding the migrated, seeded template (`prepare` seeds the template the first time). */
export async function testDatabase(
  url: string,
  prepare: (sql: Sql) => Promise<unknown>,
): Promise<TestDatabase> {
  const name = `t_${systemClock().toString(36)}_${crypto.randomBytes(4).toString('hex')}`;
  const TEMPLATE = templateName();
  await admin(url, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK]);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
      if (!rowCount) {
        await client.query(`CREATE DATABASE ${TEMPLATE}`);
        const data = await openData({ databasePath: ':memory:', databaseUrl: withDatabase(url, TEMPLATE) });
        try {
          await prepare(data.sql);
        } catch (error) {
          await data.close();
          await client.query(`DROP DATABASE ${TEMPLATE}`);
          throw error;
        }
        await data.close();
      }
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK]);
    }
  });
  return {
    url: withDatabase(url, name),
    drop: () =>
      admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/**
 * The data a test works on without a whole server: SQLite in memory, or in the PostgreSQL run (TEST_DATABASE_URL) a
 * fresh PostgreSQL database; seeded by `prepare` either way. `close` also drops the PostgreSQL database.
 */
export async function openTestData(prepare: (sql: Sql) => Promise<unknown>): Promise<Data> {
  const url = process.env.TEST_DATABASE_URL;
  if (!isPostgresUrl(url)) {
    const data = await openData({ databasePath: ':memory:' });
    await prepare(data.sql);
    return data;
  }
  const fresh = await testDatabase(url, prepare);
  const data = await openData({ databasePath: ':memory:', databaseUrl: fresh.url });
  return {
    ...data,
    close: async () => {
      await data.close();
      await fresh.drop();
    },
  };
}
