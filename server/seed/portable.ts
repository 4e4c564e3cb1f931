/**
 * Demo data of the domains whose queries are written on the query builder: each domain adds one
 * `seed<Domain>(sql)` call below. Runs once, right after the legacy seed filled a fresh database.
 */
import type { Sql } from '../db/sql.ts';
import { seedAccounts } from './accounts.ts';
import { seedEngagement } from './engagement.ts';
import { seedChannel } from './channel.ts';
import { seedOrganisations } from './organisations.ts';
import { seedShop } from './shop.ts';

export async function seedPortable(sql: Sql): Promise<void> {
  // Domain seeds are awaited in order; each is idempotent on a fresh database only.
  await seedAccounts(sql);
  await seedChannel(sql);
  await seedShop(sql);
  await seedEngagement(sql);
  // Last: gives every event, channel and contest seeded above its organisation.
  await seedOrganisations(sql);
}
