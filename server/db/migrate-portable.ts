/**
 * Portable migrations: `server/db/migrations/NNN_name.ts` modules exporting `up(db: Kysely<any>)` written with
 * kysely's schema builder, so one file creates the same tables on SQLite and PostgreSQL. They run in name order
 * through kysely's Migrator (its own bookkeeping table, kysely_migration). On PostgreSQL `integer` is 64-bit as in
 * SQLite and `integer primary key` is numbered like SQLite's rowid (server/db/engine.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { serverRoot } from '../config.ts';
import { engineOf, sqliteIntegers } from './engine.ts';

const migrationsDir = path.join(serverRoot, 'db/migrations');

/**
 * Migrations that once shared a number with another and were renumbered (each number is now one migration's). A
 * database migrated before the renumbering has them under their old names: they are renamed in kysely's bookkeeping
 * before migrating, so they are neither run again nor missed.
 */
export const RENUMBERED_MIGRATIONS: Readonly<Record<string, string>> = {
  '005_wechat_accounts': '007_wechat_accounts',
  '011_upload_tokens': '012_upload_tokens',
  '022_wechat_oauth_states': '025_wechat_oauth_states',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function adoptRenumbered(db: Kysely<any>): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return;
  for (const [before, after] of Object.entries(RENUMBERED_MIGRATIONS))
    await db.updateTable('kysely_migration').set({ name: after }).where('name', '=', before).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migratePortable(db: Kysely<any>): Promise<string[]> {
  const names = fs
    .readdirSync(migrationsDir)
    .filter((name) => /^\d{3}_[^.]+\.ts$/.test(name))
    .sort();
  const migrations: Record<string, Migration> = {};
  for (const name of names) {
    migrations[name.replace(/\.ts$/, '')] = (await import(
      pathToFileURL(path.join(migrationsDir, name)).href
    )) as Migration;
  }
  await adoptRenumbered(db);
  // Domains number their migrations independently; one merged later may sort before one already applied.
  const migrator = new Migrator({
    db: engineOf(db) === 'postgres' ? db.withPlugin(sqliteIntegers) : db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
