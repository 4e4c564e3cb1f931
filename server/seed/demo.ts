/**
 * The demo data, deterministic (no clock, no randomness: screenshots and tests depend on it), on a database without
 * events: at first start (buildServer) and by `npm run seed`, the same rows on SQLite and PostgreSQL. Each domain has
 * its `seed<Domain>(sql)` in server/seed/<domain>.ts and one call below, after the seeds whose rows it uses.
 */
import { syncSequences } from '../db/engine.ts';
import type { Sql } from '../db/sql.ts';
import { seedAccess } from './access.ts';
import { seedAccounts } from './accounts.ts';
import { seedBroadcast } from './broadcast.ts';
import { seedChannel } from './channel.ts';
import { seedChat } from './chat.ts';
import { prng } from './epoch.ts';
import { seedEngagement } from './engagement.ts';
import { seedEvents, seedPlayers } from './events.ts';
import { seedLiveRoom } from './live-room.ts';
import { seedOrganisations } from './organisations.ts';
import { seedShop } from './shop.ts';
import { seedVote } from './vote.ts';

/**
 * True when the database held no events and no organisation and got the demo data. A database whose first organiser
 * was made by `npm run organiser -- create` is not empty: it is somebody's, and gets no demo events.
 */
export async function seedDemo(sql: Sql): Promise<boolean> {
  const [events, organisations] = await Promise.all(
    (['events', 'organisations'] as const).map((table) =>
      sql
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
    ),
  );
  if (Number(events?.count ?? 0) > 0 || Number(organisations?.count ?? 0) > 0) return false;
  await sql.transaction().execute(async (trx) => {
    await seedEvents(trx);
    // Rows above carry their ids; PostgreSQL's counters must move past them before rows numbered automatically.
    await syncSequences(trx);
    await seedVote(trx, { seedPlayers, prng });
    await seedChat(trx);
    await seedAccess(trx);
    await seedLiveRoom(trx);
    await seedBroadcast(trx);
    await syncSequences(trx);
  });
  // These seed outside that transaction (the channel's opens its own), in order; each on a fresh database only.
  await seedAccounts(sql);
  await seedChannel(sql);
  await seedShop(sql);
  await seedEngagement(sql);
  // Last: gives every event, channel and contest seeded above its organisation.
  await seedOrganisations(sql);
  await syncSequences(sql);
  return true;
}
