/**
 * Organisations own events. Before, organiser rights were a flat list on the user (`users.permissions`: download,
 * shop, vote_review, check_in, chat_admin, owner) that opened every organiser's events alike. Now an organisation
 * owns its events (and through them their products, contests, lotteries, check-in activities, score tables, daily
 * bonuses and chat), channels and contests carry their organisation, and a member's role in the organisation says
 * what the member may do there (server/organisations/roles.ts).
 *
 * Today's data moves with it:
 * - one organisation per organiser (every owner of an event or a channel, in the order of their first event), named
 *   after the organiser, with the organiser as its 'owner'; their events and channels go to it;
 * - a contest goes to its event's organisation; a contest without an event to the principal organisation (the one
 *   owning the most events: in a single-organiser installation, the only one);
 * - a user holding flat permissions becomes a member, with the narrowest role that covers them, of the
 *   organisations whose events the permissions were recorded acting on (check-ins of other people, viewers
 *   blacklisted in another's chat); without such a trace, of none when the user owns an organisation (its
 *   permissions were for its own events), else of the principal organisation. Nobody acts for an organisation it
 *   could not act for before; within one, a role may allow more than the list did (`shop` alone makes an operator,
 *   who also downloads and checks in: no narrower role runs the shop).
 *
 * A row whose event token names no event belongs to no organisation: organiser calls on it are refused to everyone.
 * The flat list stays in `users.permissions` (the account answer carries it) but grants nothing any more.
 */
import { sql, type Kysely } from 'kysely';

type Role = 'owner' | 'operator' | 'data_viewer' | 'check_in_staff';

/** The narrowest role covering a flat permission list, or null when it names no organiser permission. */
function roleFor(permissions: string[]): Role | null {
  const has = (name: string) => permissions.includes(name);
  if (has('owner')) return 'owner';
  const downloads = permissions.some((name) => name === 'download' || name.startsWith('download_'));
  if (has('shop') || has('vote_review') || has('chat_admin') || (downloads && has('check_in')))
    return 'operator';
  if (downloads) return 'data_viewer';
  if (has('check_in')) return 'check_in_staff';
  return null;
}

function parseList(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Account times were written in seconds by some older paths: milliseconds here. */
const ms = (time: number) => (time < 1e11 ? time * 1000 : time);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('organisation_members')
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role IN ('owner', 'operator', 'data_viewer', 'check_in_staff')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('organisation_members_pk', ['organisation_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('organisation_members_user')
    .on('organisation_members')
    .column('user_id')
    .execute();
  for (const table of ['events', 'channels', 'contests']) {
    await db.schema
      .alterTable(table)
      .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id'))
      .execute();
    await db.schema.createIndex(`${table}_organisation`).on(table).column('organisation_id').execute();
  }
  await moveToday(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function moveToday(db: Kysely<any>): Promise<void> {
  const eventOwners = (
    await db
      .selectFrom('events')
      .select((eb) => ['owner_id', eb.fn.min('id').as('first_event'), eb.fn.countAll().as('events')])
      .groupBy('owner_id')
      .execute()
  )
    .map((row) => ({
      owner: Number(row.owner_id),
      first: Number(row.first_event),
      events: Number(row.events),
    }))
    .sort((a, b) => a.first - b.first);
  const channelOwners = (await db.selectFrom('channels').select('owner_id').distinct().execute())
    .map((row) => Number(row.owner_id))
    .filter((owner) => !eventOwners.some((row) => row.owner === owner))
    .sort((a, b) => a - b);
  const owners = [...eventOwners.map((row) => row.owner), ...channelOwners];
  if (owners.length === 0) return; // a fresh database: the seed makes its organisations itself

  const accounts = new Map<number, { nickname: string; created_at: number }>();
  for (const row of await db
    .selectFrom('users')
    .select(['id', 'nickname', 'created_at'])
    .where('id', 'in', owners)
    .execute())
    accounts.set(Number(row.id), { nickname: String(row.nickname), created_at: ms(Number(row.created_at)) });

  const organisationOf = new Map<number, number>();
  const createdAt = new Map<number, number>();
  for (const owner of owners) {
    const account = accounts.get(owner);
    const created = account?.created_at ?? 0;
    const { id } = await db
      .insertInto('organisations')
      .values({ name: account?.nickname || `主办方 ${owner}`, created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    const organisation = Number(id);
    organisationOf.set(owner, organisation);
    createdAt.set(organisation, created);
    await db
      .insertInto('organisation_members')
      .values({ organisation_id: organisation, user_id: owner, role: 'owner', created_at: created })
      .execute();
    await db
      .updateTable('events')
      .set({ organisation_id: organisation })
      .where('owner_id', '=', owner)
      .execute();
    await db
      .updateTable('channels')
      .set({ organisation_id: organisation })
      .where('owner_id', '=', owner)
      .execute();
  }

  const top = [...eventOwners].sort((a, b) => b.events - a.events || a.first - b.first)[0];
  const principal = organisationOf.get(top ? top.owner : owners[0])!;
  await db
    .updateTable('contests')
    .set((eb) => ({
      organisation_id: eb
        .selectFrom('events')
        .select('events.organisation_id')
        .whereRef('events.id', '=', 'contests.event_id'),
    }))
    .where('event_id', 'is not', null)
    .execute();
  await db
    .updateTable('contests')
    .set({ organisation_id: principal })
    .where('organisation_id', 'is', null)
    .execute();

  const holders = await db
    .selectFrom('users')
    .select(['id', 'permissions', 'created_at'])
    .where('permissions', 'not in', ['[]', ''])
    .orderBy('id')
    .execute();
  for (const holder of holders) {
    const userId = Number(holder.id);
    const permissions = parseList(String(holder.permissions));
    const role = roleFor(permissions);
    if (!role) continue;
    const traces = new Set<number>();
    if (permissions.includes('check_in'))
      for (const row of await db
        .selectFrom('engage_checkin_records as r')
        .innerJoin('engage_checkin_activities as a', 'a.id', 'r.activity_id')
        .innerJoin('events as e', 'e.token', 'a.event_token')
        .select('e.organisation_id')
        .distinct()
        .where('r.by_user_id', '=', userId)
        .where((eb) => eb.or([eb('r.user_id', 'is', null), eb('r.user_id', '!=', userId)]))
        .where('e.organisation_id', 'is not', null)
        .execute())
        traces.add(Number(row.organisation_id));
    if (permissions.includes('chat_admin'))
      for (const row of await db
        .selectFrom('chat_blacklist as b')
        .innerJoin('events as e', 'e.id', 'b.event_id')
        .select('e.organisation_id')
        .distinct()
        .where('b.by_user_id', '=', userId)
        .where('e.owner_id', '!=', userId)
        .where('e.organisation_id', 'is not', null)
        .execute())
        traces.add(Number(row.organisation_id));
    const targets = traces.size > 0 ? [...traces] : organisationOf.has(userId) ? [] : [principal];
    for (const organisation of targets) {
      const member = await db
        .selectFrom('organisation_members')
        .select('role')
        .where('organisation_id', '=', organisation)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (member) continue; // its owner already
      await db
        .insertInto('organisation_members')
        .values({
          organisation_id: organisation,
          user_id: userId,
          role,
          created_at: Math.max(ms(Number(holder.created_at)), createdAt.get(organisation) ?? 0),
        })
        .execute();
    }
  }
}
