/**
 * Title search over a channel's videos, behind one function on both engines: a portable two-character gram index
 * (`channel_search_grams`) narrows the candidates with an indexed lookup, and a LIKE over the normalised title keeps
 * only titles that hold the keyword as one piece. Chinese titles have no spaces between words, so word tokenizers
 * miss them; two-character grams find any substring of two characters or more, in any script. One-character
 * keywords skip the gram lookup and scan the channel's (short) normalised titles.
 *
 * The index keeps itself in step with the events: each row remembers the title it was built from, and before a
 * search `syncChannelIndex` rebuilds the rows whose event was renamed, adds videos listed since and drops videos no
 * longer listed, whichever code path (or hand-run SQL) made the change. `channelSearch` runs that check only when
 * `events` or `channel_videos` changed since its last check of the channel (SQLite: the table-change triggers of
 * server/db/table-cache.ts) or on every search (PostgreSQL: other nodes write too); the check is one indexed query.
 */
import { sql as rawSql } from 'kysely';
import type { Sql } from '../db/sql.ts';
import type { TableCaches } from '../db/table-cache.ts';

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

/**
 * Indexes (or re-indexes) videos of a channel. Searches through `channelSearch` catch up by themselves; calling it
 * when a channel lists many videos at once (the seed) saves the first search that work.
 */
export async function indexChannelVideos(
  sql: Sql,
  channelId: number,
  videos: readonly { eventId: number; title: string }[],
): Promise<void> {
  if (videos.length === 0) return;
  await sql.transaction().execute(async (trx) => {
    const eventIds = videos.map((video) => video.eventId);
    for (let start = 0; start < eventIds.length; start += 500) {
      const slice = eventIds.slice(start, start + 500);
      await trx
        .deleteFrom('channel_search_grams')
        .where('channel_id', '=', channelId)
        .where('event_id', 'in', slice)
        .execute();
      await trx
        .deleteFrom('channel_search')
        .where('channel_id', '=', channelId)
        .where('event_id', 'in', slice)
        .execute();
    }
    const rows = videos.map((video) => ({
      channel_id: channelId,
      event_id: video.eventId,
      title_key: titleKey(video.title),
      title: video.title,
    }));
    const grams = rows.flatMap((row) =>
      gramsOf(row.title_key).map((gram) => ({ channel_id: channelId, gram, event_id: row.event_id })),
    );
    // Batches stay under SQLite's bound-parameter limit. Two searches may catch up on the same rows at once
    // (PostgreSQL): the later write wins the row, and a gram left over from the other only adds a candidate that
    // the LIKE over title_key turns down.
    for (let start = 0; start < rows.length; start += 200)
      await trx
        .insertInto('channel_search')
        .values(rows.slice(start, start + 200))
        .onConflict((conflict) =>
          conflict.columns(['channel_id', 'event_id']).doUpdateSet((eb) => ({
            title_key: eb.ref('excluded.title_key'),
            title: eb.ref('excluded.title'),
          })),
        )
        .execute();
    for (let start = 0; start < grams.length; start += 300)
      await trx
        .insertInto('channel_search_grams')
        .values(grams.slice(start, start + 300))
        .onConflict((conflict) => conflict.columns(['channel_id', 'gram', 'event_id']).doNothing())
        .execute();
  });
}

/** Drops the index rows of videos no longer listed by the channel. */
async function unindexChannelVideos(sql: Sql, channelId: number, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await sql.transaction().execute(async (trx) => {
    for (let start = 0; start < eventIds.length; start += 500) {
      const slice = eventIds.slice(start, start + 500);
      await trx
        .deleteFrom('channel_search_grams')
        .where('channel_id', '=', channelId)
        .where('event_id', 'in', slice)
        .execute();
      await trx
        .deleteFrom('channel_search')
        .where('channel_id', '=', channelId)
        .where('event_id', 'in', slice)
        .execute();
    }
  });
}

/**
 * Brings a channel's index in step with its events: rebuilds rows whose event title differs from the title they were
 * built from, indexes listed videos without a row, drops rows of videos no longer listed. Answers how many rows moved.
 */
export async function syncChannelIndex(sql: Sql, channelId: number): Promise<number> {
  const [stale, gone] = await Promise.all([
    sql
      .selectFrom('channel_videos as v')
      .innerJoin('events as e', 'e.id', 'v.event_id')
      .leftJoin('channel_search as s', (join) =>
        join.onRef('s.channel_id', '=', 'v.channel_id').onRef('s.event_id', '=', 'v.event_id'),
      )
      .select(['e.id', 'e.title'])
      .distinct()
      .where('v.channel_id', '=', channelId)
      .where((eb) => eb.or([eb('s.event_id', 'is', null), eb('s.title', '<>', eb.ref('e.title'))]))
      .execute(),
    sql
      .selectFrom('channel_search as s')
      .select('s.event_id')
      .where('s.channel_id', '=', channelId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('channel_videos as v')
              .select('v.event_id')
              .whereRef('v.channel_id', '=', 's.channel_id')
              .whereRef('v.event_id', '=', 's.event_id'),
          ),
        ),
      )
      .execute(),
  ]);
  await indexChannelVideos(
    sql,
    channelId,
    stale.map((row) => ({ eventId: Number(row.id), title: row.title })),
  );
  await unindexChannelVideos(
    sql,
    channelId,
    gone.map((row) => Number(row.event_id)),
  );
  return stale.length + gone.length;
}

export type ChannelSearch = (
  channelId: number,
  keyword: string,
  paging: { offset: number; limit: number },
) => Promise<{ eventIds: number[]; total: number }>;

/**
 * The search the channel calls use: the index brought in step with the events first (checked again only after
 * `events` or `channel_videos` changed, on SQLite; on every search on PostgreSQL), then `searchChannelVideos`.
 */
export function channelSearch(data: { sql: Sql; caches: TableCaches }): ChannelSearch {
  const { sql } = data;
  const sync = data.caches.query(['events', 'channel_videos'], (channelId: number) =>
    syncChannelIndex(sql, channelId),
  );
  return async (channelId, keyword, paging) => {
    await sync(channelId);
    return searchChannelVideos(sql, channelId, keyword, paging);
  };
}

/** LIKE pattern for "contains", with the wildcards of the keyword escaped. */
function containsPattern(key: string): string {
  return `%${key.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Videos of a channel whose titles contain the keyword: matching event ids, newest first, and their total. */
export async function searchChannelVideos(
  sql: Sql,
  channelId: number,
  keyword: string,
  paging: { offset: number; limit: number },
): Promise<{ eventIds: number[]; total: number }> {
  const key = titleKey(keyword);
  if (!key) return { eventIds: [], total: 0 };
  const grams = gramsOf(key);
  let matches = sql
    .selectFrom('channel_search as s')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .where('s.channel_id', '=', channelId)
    .where(rawSql<boolean>`s.title_key like ${containsPattern(key)} escape '\\'`);
  if (grams.length > 0) {
    matches = matches.where('s.event_id', 'in', (eb) =>
      eb
        .selectFrom('channel_search_grams')
        .select('event_id')
        .where('channel_id', '=', channelId)
        .where('gram', 'in', grams)
        .groupBy('event_id')
        .having(rawSql`count(*)`, '=', grams.length),
    );
  }
  // One pass: the page and, on every row, the number of matches (a window count, on both engines).
  const page = await matches
    .select((eb) => ['e.id', eb.fn.countAll<number | string>().over().as('total')])
    .orderBy('e.start_time', 'desc')
    .orderBy('e.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  if (page.length > 0) return { eventIds: page.map((row) => row.id), total: Number(page[0].total) };
  if (paging.offset === 0) return { eventIds: [], total: 0 };
  // Past the last page: the total alone.
  const count = await matches
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  return { eventIds: [], total: Number(count?.total ?? 0) };
}
