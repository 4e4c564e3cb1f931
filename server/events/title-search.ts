/**
 * Title search over a list of events, behind one function on both engines, for every list that searches titles: a
 * channel's videos and an organisation's events in the console. A portable two-character gram index
 * (`title_search_grams`) narrows the candidates with an indexed lookup, and a LIKE over the normalised title
 * (`title_search.title_key`) keeps only titles that hold the keyword as one piece. Chinese titles have no spaces
 * between words, so word tokenizers miss them; two-character grams find any substring of two characters or more, in
 * any script. One-character keywords skip the gram lookup and scan the scope's normalised titles.
 *
 * The index keeps itself in step with the events: each row remembers the title it was built from, and before a
 * search `syncTitleIndex` rebuilds the rows whose event was renamed, adds events that joined the scope since and
 * drops those that left it, whichever code path (or hand-run SQL) made the change. `titleSearch` runs that check only
 * when `events` or `channel_videos` changed since its last check of the scope (SQLite: the table-change triggers of
 * server/db/table-cache.ts) or on every search (PostgreSQL: other nodes write too).
 */
import { sql as rawSql, type ExpressionBuilder } from 'kysely';
import { lockedForUpdate } from '../db/engine.ts';
import type { Database } from '../db/schema.ts';
import type { Sql } from '../db/sql.ts';
import type { TableCaches } from '../db/table-cache.ts';

/** Whose events a search runs over: the videos a channel lists, or the events an organisation owns. */
export type TitleScope = { kind: 'channel' | 'organisation'; id: number };

/** The form titles and keywords are compared in: NFKC (full-width letters and digits fold), lower case, one space. */
export function titleKey(title: string): string {
  return title.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The distinct two-character grams of a normalised text, spaces excluded (code points, so emoji count as one). */
export function gramsOf(key: string): string[] {
  const chars = Array.from(key);
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] === ' ' || chars[i + 1] === ' ') continue;
    grams.add(chars[i] + chars[i + 1]);
  }
  return [...grams];
}

/** The events of a scope, as a condition on `events as e`. */
function inScope(scope: TitleScope) {
  return (eb: ExpressionBuilder<Database & { e: Database['events'] }, 'e'>) =>
    scope.kind === 'organisation'
      ? eb('e.organisation_id', '=', scope.id)
      : eb(
          'e.id',
          'in',
          eb
            .selectFrom('channel_videos')
            .select('channel_videos.event_id')
            .where('channel_videos.channel_id', '=', scope.id),
        );
}

/**
 * Indexes (or re-indexes) events of a scope. Searches through `titleSearch` catch up by themselves; calling it when a
 * scope gains many events at once (the seed) saves the first search that work.
 */
export async function indexTitles(
  sql: Sql,
  scope: TitleScope,
  events: readonly { eventId: number; title: string }[],
): Promise<void> {
  if (events.length === 0) return;
  await sql.transaction().execute(async (trx) => {
    const eventIds = events.map((event) => event.eventId).sort((a, b) => a - b);
    // Searches that find the same rows out of date at once (PostgreSQL: several connections, several nodes) take
    // turns on the events' rows, locked in one order, instead of interleaving deletes and inserts into a deadlock.
    for (let start = 0; start < eventIds.length; start += 500)
      await lockedForUpdate(
        trx,
        trx
          .selectFrom('events')
          .select('id')
          .where('id', 'in', eventIds.slice(start, start + 500))
          .orderBy('id'),
      ).execute();
    await unindex(trx, scope, eventIds);
    const rows = events.map((event) => ({
      scope: scope.kind,
      scope_id: scope.id,
      event_id: event.eventId,
      title_key: titleKey(event.title),
      title: event.title,
    }));
    const grams = rows.flatMap((row) =>
      gramsOf(row.title_key).map((gram) => ({
        scope: scope.kind,
        scope_id: scope.id,
        gram,
        event_id: row.event_id,
      })),
    );
    // Batches stay under SQLite's bound-parameter limit. Two searches may catch up on the same rows at once
    // (PostgreSQL): the later write wins the row, and a gram left over from the other only adds a candidate that
    // the LIKE over title_key turns down.
    for (let start = 0; start < rows.length; start += 150)
      await trx
        .insertInto('title_search')
        .values(rows.slice(start, start + 150))
        .onConflict((conflict) =>
          conflict.columns(['scope', 'scope_id', 'event_id']).doUpdateSet((eb) => ({
            title_key: eb.ref('excluded.title_key'),
            title: eb.ref('excluded.title'),
          })),
        )
        .execute();
    for (let start = 0; start < grams.length; start += 200)
      await trx
        .insertInto('title_search_grams')
        .values(grams.slice(start, start + 200))
        .onConflict((conflict) => conflict.columns(['scope', 'scope_id', 'gram', 'event_id']).doNothing())
        .execute();
  });
}

/** Drops the index rows of events of a scope (inside the caller's transaction). */
async function unindex(sql: Sql, scope: TitleScope, eventIds: readonly number[]): Promise<void> {
  for (let start = 0; start < eventIds.length; start += 500) {
    const slice = eventIds.slice(start, start + 500);
    for (const table of ['title_search_grams', 'title_search'] as const)
      await sql
        .deleteFrom(table)
        .where('scope', '=', scope.kind)
        .where('scope_id', '=', scope.id)
        .where('event_id', 'in', slice)
        .execute();
  }
}

/**
 * Brings a scope's index in step with its events: rebuilds rows whose event title differs from the title they were
 * built from, indexes events of the scope without a row, drops rows of events no longer in it. Answers how many rows
 * moved.
 */
export async function syncTitleIndex(sql: Sql, scope: TitleScope): Promise<number> {
  const [stale, gone] = await Promise.all([
    sql
      .selectFrom('events as e')
      .leftJoin('title_search as s', (join) =>
        join.on('s.scope', '=', scope.kind).on('s.scope_id', '=', scope.id).onRef('s.event_id', '=', 'e.id'),
      )
      .select(['e.id', 'e.title'])
      .where(inScope(scope))
      .where((eb) => eb.or([eb('s.event_id', 'is', null), eb('s.title', '<>', eb.ref('e.title'))]))
      .execute(),
    sql
      .selectFrom('title_search as s')
      .select('s.event_id')
      .where('s.scope', '=', scope.kind)
      .where('s.scope_id', '=', scope.id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('events as e')
              .select('e.id')
              .whereRef('e.id', '=', 's.event_id')
              .where(inScope(scope)),
          ),
        ),
      )
      .execute(),
  ]);
  await indexTitles(
    sql,
    scope,
    stale.map((row) => ({ eventId: Number(row.id), title: row.title })),
  );
  if (gone.length > 0)
    await sql.transaction().execute((trx) =>
      unindex(
        trx,
        scope,
        gone.map((row) => Number(row.event_id)),
      ),
    );
  return stale.length + gone.length;
}

/** LIKE pattern for "contains", with the wildcards of the keyword escaped. */
function containsPattern(key: string): string {
  return `%${key.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The ids of the scope's events whose titles contain the keyword, as a subquery for `where('id', 'in', ...)`: the
 * caller filters, sorts and pages the events. Call it on an index brought in step (`titleSearch`).
 */
export function titleMatches(sql: Sql, scope: TitleScope, keyword: string) {
  const key = titleKey(keyword);
  const grams = gramsOf(key);
  let matches = sql
    .selectFrom('title_search as s')
    .select('s.event_id')
    .where('s.scope', '=', scope.kind)
    .where('s.scope_id', '=', scope.id)
    .where(rawSql<boolean>`s.title_key like ${containsPattern(key)} escape '\\'`);
  if (grams.length > 0)
    matches = matches.where('s.event_id', 'in', (eb) =>
      eb
        .selectFrom('title_search_grams as g')
        .select('g.event_id')
        .where('g.scope', '=', scope.kind)
        .where('g.scope_id', '=', scope.id)
        .where('g.gram', 'in', grams)
        .groupBy('g.event_id')
        .having(rawSql`count(*)`, '=', grams.length),
    );
  return matches;
}

/**
 * The search the lists use: the scope's index brought in step with the events first (checked again only after
 * `events` or `channel_videos` changed, on SQLite; on every search on PostgreSQL), then the matches' subquery.
 */
export function titleSearch(data: { sql: Sql; caches: TableCaches }) {
  const { sql } = data;
  const sync = data.caches.query(['events', 'channel_videos'], (key: string) => {
    const [kind, id] = key.split(':');
    return syncTitleIndex(sql, { kind: kind as TitleScope['kind'], id: Number(id) });
  });
  return async (scope: TitleScope, keyword: string) => {
    await sync(`${scope.kind}:${scope.id}`);
    return titleMatches(sql, scope, keyword);
  };
}

export type TitleSearch = ReturnType<typeof titleSearch>;
