import { expect, it } from 'vitest';
import { openDatabase } from './database';
import { cachedByTables } from './table-cache';

it('serves a cached lookup until the table changes, by any statement; never inside a transaction', () => {
  const db = openDatabase(':memory:');
  db.exec("CREATE TABLE things (name TEXT PRIMARY KEY, size INTEGER); INSERT INTO things VALUES ('a', 1)");
  const select = db.prepare<[string], { size: number }>('SELECT size FROM things WHERE name = ?');
  let reads = 0;
  const sizeOf = cachedByTables(db, ['things'], (name: string) => {
    reads += 1;
    return select.get(name)?.size;
  });
  expect([sizeOf('a'), sizeOf('a'), sizeOf('b')]).toEqual([1, 1, undefined]);
  expect(reads).toBe(2);

  db.prepare("UPDATE things SET size = 2 WHERE name = 'a'").run();
  expect(sizeOf('a')).toBe(2);
  db.exec("INSERT INTO things VALUES ('b', 5)");
  expect(sizeOf('b')).toBe(5);
  db.exec("DELETE FROM things WHERE name = 'b'");
  expect(sizeOf('b')).toBeUndefined();
  // An unrelated table does not drop the cache.
  sizeOf('a');
  db.exec('CREATE TABLE other (x); INSERT INTO other VALUES (1)');
  const before = reads;
  sizeOf('a');
  expect(reads).toBe(before);

  // A write that rolls back leaves no stale value behind.
  expect(() =>
    db.transaction(() => {
      db.exec("UPDATE things SET size = 99 WHERE name = 'a'");
      expect(sizeOf('a')).toBe(99);
      throw new Error('roll back');
    })(),
  ).toThrow('roll back');
  expect(sizeOf('a')).toBe(2);
  db.close();
});
