/**
 * One schema on both engines: a fresh SQLite database and (in the PostgreSQL run, TEST_DATABASE_URL) a fresh
 * PostgreSQL database end with the same tables and columns after the portable migrations, and hold the same demo data.
 */
import { sql as rawSql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../seed/demo.ts';
import { up as allowVipOrders } from './migrations/018_vip_orders.ts';
import { RENUMBERED_MIGRATIONS } from './migrate-portable.ts';
import { openData } from './open.ts';
import { testDatabase } from './test-database.ts';
import { sqliteConnection, type Sql } from './sql.ts';

async function columns(sql: Sql, engine: 'sqlite' | 'postgres'): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  if (engine === 'postgres') {
    const { rows } = await rawSql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`.execute(sql);
    for (const row of rows) (tables[row.table_name] ??= []).push(row.column_name);
  } else {
    const { rows } = await rawSql<{ table_name: string; column_name: string }>`
      SELECT m.name AS table_name, p.name AS column_name FROM sqlite_master m, pragma_table_info(m.name) p
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid`.execute(sql);
    for (const row of rows) (tables[row.table_name] ??= []).push(row.column_name);
  }
  return tables;
}

async function counts(sql: Sql) {
  const count = (table: 'events' | 'players' | 'users' | 'chat_messages' | 'episodes' | 'player_scores') =>
    sql
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  return {
    events: await count('events'),
    players: await count('players'),
    users: await count('users'),
    chat: await count('chat_messages'),
    episodes: await count('episodes'),
    scores: await count('player_scores'),
  };
}

describe('portable schema', () => {
  it('creates every table of the first migrations on a fresh database, numbered ids included', async () => {
    const data = await openData({ databasePath: ':memory:' });
    const tables = await columns(data.sql, 'sqlite');
    for (const table of [
      'users',
      'sessions',
      'events',
      'orders',
      'players',
      'vote_records',
      'red_packet_shares',
    ])
      expect(tables[table]).toBeDefined();
    expect(tables.events).toContain('needs_phone');
    expect(tables.users).toContain('unionid');
    const { id } = await data.sql
      .insertInto('users')
      .values({ nickname: 'a', created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(1);
    await data.close();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'ends with the same tables, columns and demo data on SQLite and PostgreSQL',
    async () => {
      // Only the database here: code elsewhere may still use raw SQLite statements (the server suite's PostgreSQL
      // run lists the test files that do not).
      const fresh = await testDatabase(process.env.TEST_DATABASE_URL as string, seedDemo);
      const postgres = await openData({ databasePath: ':memory:', databaseUrl: fresh.url });
      const sqlite = await openData({ databasePath: ':memory:' });
      try {
        expect(postgres.engine).toBe('postgres');
        const onSqlite = await columns(sqlite.sql, 'sqlite');
        const onPostgres = await columns(postgres.sql, 'postgres');
        expect(Object.keys(onPostgres).sort()).toEqual(Object.keys(onSqlite).sort());
        for (const table of Object.keys(onSqlite))
          expect([table, onPostgres[table]]).toEqual([table, onSqlite[table]]);
        await seedDemo(sqlite.sql);
        expect(await counts(postgres.sql)).toEqual(await counts(sqlite.sql));
        // Automatic numbering continues past the seeded ids on both.
        const next = (sql: Sql) =>
          sql
            .insertInto('users')
            .values({ nickname: 'n', created_at: 1 })
            .returning('id')
            .executeTakeFirstOrThrow()
            .then((row) => Number(row.id));
        expect(await next(postgres.sql)).toBe(await next(sqlite.sql));
      } finally {
        await sqlite.close();
        await postgres.close();
        await fresh.drop();
      }
    },
  );
});

describe('migration 018: membership orders', () => {
  it('rebuilds orders on SQLite with the kind vip, keeping rows, references, index and foreign keys', async () => {
    const data = await openData({ databasePath: ':memory:' });
    // SQLite's own table rebuild, checked on the raw connection (an in-memory SQLite database is always there).
    const db = sqliteConnection(data.sql)!;
    try {
      db.exec(`
        INSERT INTO users (id, nickname, created_at) VALUES (1, 'buyer', 1);
        INSERT INTO contests (id, title, starts_at, ends_at) VALUES (1, 'c', 0, 1);
        INSERT INTO players (id, contest_id, number, name) VALUES (1, 1, 1, 'p');
        INSERT INTO orders (id, order_sn, user_id, kind, ref_id, amount_cents, status, prepay_id, created_at)
          VALUES (7, 'sn-7', 1, 'vote', 1, 100, 1, 'p7', 5);
        INSERT INTO vote_orders (order_id, contest_id, player_id, user_id, count) VALUES (7, 1, 1, 1, 1);
      `);
      // Run again on a table that holds rows referenced from another table.
      await allowVipOrders(data.sql);
      expect(db.prepare('SELECT order_sn, kind, status, created_at FROM orders').all()).toEqual([
        { order_sn: 'sn-7', kind: 'vote', status: 1, created_at: 5 },
      ]);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('foreign_key_check')).toEqual([]);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'orders_user'").get()).toBeDefined();
      const insert = db.prepare(
        `INSERT INTO orders (order_sn, user_id, kind, ref_id, amount_cents, prepay_id, created_at)
         VALUES (?, 1, ?, 1, 100, 'p', 6)`,
      );
      expect(() => insert.run('sn-vip', 'vip')).not.toThrow();
      expect(() => insert.run('sn-bad', 'nonsense')).toThrow(/CHECK/);
      expect(() => db.prepare('DELETE FROM orders WHERE id = 7').run()).toThrow(/FOREIGN KEY/);
      expect(() => insert.run('sn-7', 'video')).toThrow(/UNIQUE/);
    } finally {
      await data.close();
    }
  });
});

describe('migration numbers', () => {
  it('are unique', () => {
    const numbers = fs
      .readdirSync(new URL('./migrations/', import.meta.url))
      .filter((name) => /^\d{3}_/.test(name))
      .map((name) => name.slice(0, 3));
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });

  it('a database migrated before the renumbering migrates on, running none of the renumbered again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-renumbered-'));
    const databasePath = path.join(dir, 'before.db');
    try {
      // A database as it was: every migration applied, the renumbered ones recorded under their old names.
      const before = await openData({ databasePath });
      for (const [old, renamed] of Object.entries(RENUMBERED_MIGRATIONS))
        await rawSql`UPDATE kysely_migration SET name = ${old} WHERE name = ${renamed}`.execute(before.sql);
      // A row the renumbered migration of wechat_oauth_states would drop if it ran again.
      await before.sql
        .insertInto('wechat_oauth_states')
        .values({ id: 'kept', return_to: '/', expires_at: 1, used_at: null })
        .execute();
      await before.close();

      const after = await openData({ databasePath });
      const names = (
        await rawSql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(after.sql)
      ).rows.map((row) => row.name);
      for (const [old, renamed] of Object.entries(RENUMBERED_MIGRATIONS)) {
        expect(names).toContain(renamed);
        expect(names).not.toContain(old);
      }
      expect(
        await after.sql.selectFrom('wechat_oauth_states').select('id').where('id', '=', 'kept').execute(),
      ).toHaveLength(1);
      await after.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
