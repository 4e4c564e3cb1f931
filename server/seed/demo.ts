/** The whole demo data on an empty database: the first seed (server/seed.ts), then the query-builder domains. */
import { syncSequences } from '../db/engine.ts';
import type { Sql } from '../db/sql.ts';
import { seedIfEmpty } from '../seed.ts';
import { seedPortable } from './portable.ts';

/** True when the database was empty and got the demo data. */
export async function seedDemo(sql: Sql): Promise<boolean> {
  if (!(await seedIfEmpty(sql))) return false;
  await seedPortable(sql);
  await syncSequences(sql);
  return true;
}
