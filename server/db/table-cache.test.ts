import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from './database';
import { sqliteSql, type Sql } from './sql';
import { tableCaches } from './table-cache';

it('serves a cached lookup until the table changes, by any statement; never inside a transaction', async () => {
  const db = openDatabase(':memory:');
  const kysely = sqliteSql(db);
  await sql`CREATE TABLE things (name TEXT PRIMARY KEY, size INTEGER)`.execute(kysely);
  await sql`INSERT INTO things VALUES ('a', 1)`.execute(kysely);
  let reads = 0;
  const caches = tableCaches(kysely);
  const sizeIn = (on: Sql) =>
    caches.query(['things'], async (name: string) => {
      reads += 1;
      const { rows } = await sql<{ size: number }>`SELECT size FROM things WHERE name = ${name}`.execute(on);
      return rows[0]?.size;
    });
  const sizeOf = sizeIn(kysely);
  expect([await sizeOf('a'), await sizeOf('a'), await sizeOf('b')]).toEqual([1, 1, undefined]);
  expect(reads).toBe(2);

  await sql`UPDATE things SET size = 2 WHERE name = 'a'`.execute(kysely);
  expect(await sizeOf('a')).toBe(2);
  await sql`INSERT INTO things VALUES ('b', 5)`.execute(kysely);
  expect(await sizeOf('b')).toBe(5);
  await sql`DELETE FROM things WHERE name = 'b'`.execute(kysely);
  expect(await sizeOf('b')).toBeUndefined();
  // An unrelated table does not drop the cache.
  await sizeOf('a');
  await sql`CREATE TABLE other (x)`.execute(kysely);
  await sql`INSERT INTO other VALUES (1)`.execute(kysely);
  const before = reads;
  await sizeOf('a');
  expect(reads).toBe(before);

  // A write that rolls back leaves no stale value behind.
  await expect(
    kysely.transaction().execute(async (trx) => {
      await sql`UPDATE things SET size = 99 WHERE name = 'a'`.execute(trx);
      expect(await sizeIn(trx)('a')).toBe(99);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await sizeOf('a')).toBe(2);
  await kysely.destroy();
});

it('peeks at what the cache holds: only a value read and still valid, never inside a transaction', async () => {
  const db = openDatabase(':memory:');
  const kysely = sqliteSql(db);
  await sql`CREATE TABLE things (name TEXT PRIMARY KEY, size INTEGER)`.execute(kysely);
  await sql`INSERT INTO things VALUES ('a', 1)`.execute(kysely);
  const sizeOf = tableCaches(kysely).query(['things'], async (name: string) => {
    const { rows } = await sql<{ size: number }>`SELECT size FROM things WHERE name = ${name}`.execute(
      kysely,
    );
    return rows[0]?.size;
  });
  expect(sizeOf.peek('a')).toBeUndefined();
  await sizeOf('a');
  expect(sizeOf.peek('a')).toBe(1);
  await sql`UPDATE things SET size = 2 WHERE name = 'a'`.execute(kysely);
  expect(sizeOf.peek('a')).toBeUndefined();
  expect(await sizeOf('a')).toBe(2);
  expect(sizeOf.peek('a')).toBe(2);
  await kysely.transaction().execute(async () => {
    expect(sizeOf.peek('a')).toBeUndefined();
  });
  await kysely.destroy();
});
