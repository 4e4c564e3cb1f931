/**
 * A channel's data: the channel with its profile, its categories, video cards, organiser HTML and follows. Every
 * query is on the query builder; follows move the follower count in the same short transaction as the follow row,
 * guarded by the row's primary key, so a repeated or concurrent follow counts once on either engine.
 */
import type { ContractSchema } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { titleKey, type TitleSearch } from '../events/title-search.ts';

export type ChannelRow = {
  id: number;
  token: string;
  owner_id: number;
  color_code: string;
  title: string;
  intro: string;
  logo: string;
  cover: string;
  official_name: string;
  official_qr: string;
  official_intro: string;
  followers: number;
};

export type ChannelVideo = ContractSchema<'ChannelVideo'>;

const noChannel = () => new ApiFailure(XCODE.notFound, { 'zh-CN': '频道不存在', en: 'No such channel' });

export async function findChannel(sql: Sql, token: string): Promise<ChannelRow> {
  const row = await sql
    .selectFrom('channels as c')
    .leftJoin('channel_profiles as p', 'p.channel_id', 'c.id')
    .select([
      'c.id',
      'c.token',
      'c.owner_id',
      'c.color_code',
      'c.title',
      'c.intro',
      'p.logo',
      'p.cover',
      'p.official_name',
      'p.official_qr',
      'p.official_intro',
      'p.followers',
    ])
    .where('c.token', '=', token)
    .executeTakeFirst();
  if (!row) throw noChannel();
  return {
    ...row,
    logo: row.logo ?? '',
    cover: row.cover ?? '',
    official_name: row.official_name ?? '',
    official_qr: row.official_qr ?? '',
    official_intro: row.official_intro ?? '',
    followers: Number(row.followers ?? 0),
  };
}

export async function channelCategories(sql: Sql, channelId: number) {
  const rows = await sql
    .selectFrom('channel_categories as k')
    .leftJoin('channel_videos as v', 'v.category_id', 'k.id')
    .select((eb) => ['k.id', 'k.name', 'k.name_en', eb.fn.count<number | string>('v.event_id').as('count')])
    .where('k.channel_id', '=', channelId)
    .groupBy(['k.id', 'k.name', 'k.name_en', 'k.position'])
    .orderBy('k.position')
    .orderBy('k.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, name_en: row.name_en, count: Number(row.count) }));
}

const cardColumns = [
  'e.id',
  'e.token',
  'e.title',
  'e.cover',
  'e.live_status',
  'e.views',
  'e.start_time',
  'e.price_cents',
  'e.password',
] as const;

type CardRow = Omit<ChannelVideo, 'has_password'> & { id: number; password: string };

function toCard(row: CardRow): ChannelVideo {
  return {
    token: row.token,
    title: row.title,
    cover: row.cover,
    live_status: row.live_status,
    views: Number(row.views),
    start_time: Number(row.start_time),
    price_cents: Number(row.price_cents),
    has_password: row.password !== '',
  };
}

/** The channel's videos (distinct events) with a query restricted by the caller: one category, or live ones. */
function channelEvents(sql: Sql, channelId: number) {
  return sql
    .selectFrom('events as e')
    .where('e.id', 'in', (eb) =>
      eb.selectFrom('channel_videos').select('event_id').where('channel_id', '=', channelId),
    );
}

/** A page of a category's videos in the organiser's order; category 0 is every video, newest first. */
export async function categoryVideos(
  sql: Sql,
  channelId: number,
  categoryId: number,
  paging: { offset: number; limit: number },
): Promise<{ list: ChannelVideo[]; total: number }> {
  if (categoryId === 0) {
    const base = channelEvents(sql, channelId);
    const [rows, count] = await Promise.all([
      base
        .select(cardColumns)
        .orderBy('e.start_time', 'desc')
        .orderBy('e.id', 'desc')
        .limit(paging.limit)
        .offset(paging.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
    ]);
    return { list: rows.map(toCard), total: Number(count?.total ?? 0) };
  }
  const category = await sql
    .selectFrom('channel_categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  if (!category) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '分类不存在', en: 'No such category' });
  const base = sql
    .selectFrom('channel_videos as v')
    .innerJoin('events as e', 'e.id', 'v.event_id')
    .where('v.category_id', '=', categoryId);
  const [rows, count] = await Promise.all([
    base
      .select(cardColumns)
      .orderBy('v.position')
      .orderBy('e.id')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { list: rows.map(toCard), total: Number(count?.total ?? 0) };
}

/** The channel's videos live now, most watched first. */
export async function liveVideos(sql: Sql, channelId: number, limit: number): Promise<ChannelVideo[]> {
  const rows = await channelEvents(sql, channelId)
    .select(cardColumns)
    .where('e.live_status', '=', 1)
    .orderBy('e.views', 'desc')
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map(toCard);
}

/**
 * The channel's videos whose titles contain the keyword (server/events/title-search.ts): matching event ids, newest
 * first, and their total, in one pass (a window count, on both engines).
 */
export async function searchVideos(
  sql: Sql,
  search: TitleSearch,
  channelId: number,
  keyword: string,
  paging: { offset: number; limit: number },
): Promise<{ eventIds: number[]; total: number }> {
  if (!titleKey(keyword)) return { eventIds: [], total: 0 };
  const matches = sql
    .selectFrom('events as e')
    .where('e.id', 'in', await search({ kind: 'channel', id: channelId }, keyword));
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

/** Cards of the given events, in the given order. */
export async function videosByIds(sql: Sql, eventIds: number[]): Promise<ChannelVideo[]> {
  if (eventIds.length === 0) return [];
  const rows = await sql
    .selectFrom('events as e')
    .select(cardColumns)
    .where('e.id', 'in', eventIds)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return eventIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row)] : [];
  });
}

/** Organiser HTML of the channel (category 0) or of one of its categories; '' when none was written. */
export async function channelHtml(sql: Sql, channelId: number, categoryId: number): Promise<string> {
  const row = await sql
    .selectFrom('channel_html')
    .select('html')
    .where('channel_id', '=', channelId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return row?.html ?? '';
}

export async function isFollowing(sql: Sql, channelId: number, userId: number): Promise<boolean> {
  const row = await sql
    .selectFrom('channel_follows')
    .select('user_id')
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

async function ensureProfile(sql: Sql, channelId: number): Promise<void> {
  await sql
    .insertInto('channel_profiles')
    .values({ channel_id: channelId })
    .onConflict((conflict) => conflict.column('channel_id').doNothing())
    .execute();
}

/**
 * Follows or unfollows; idempotent (following twice is one follow) and exact under concurrency: the count moves
 * only when this call inserted or deleted the row.
 */
export async function setFollowing(
  sql: Sql,
  channelId: number,
  userId: number,
  follow: boolean,
  nowSeconds: number,
): Promise<{ followed: boolean; followers: number }> {
  await ensureProfile(sql, channelId);
  return sql.transaction().execute(async (trx) => {
    const changed = follow
      ? await trx
          .insertInto('channel_follows')
          .values({ channel_id: channelId, user_id: userId, created_at: nowSeconds })
          .onConflict((conflict) => conflict.columns(['channel_id', 'user_id']).doNothing())
          .returning('user_id')
          .executeTakeFirst()
      : await trx
          .deleteFrom('channel_follows')
          .where('channel_id', '=', channelId)
          .where('user_id', '=', userId)
          .returning('user_id')
          .executeTakeFirst();
    const profile = changed
      ? await trx
          .updateTable('channel_profiles')
          .set((eb) => ({ followers: eb('followers', follow ? '+' : '-', 1) }))
          .where('channel_id', '=', channelId)
          .returning('followers')
          .executeTakeFirstOrThrow()
      : await trx
          .selectFrom('channel_profiles')
          .select('followers')
          .where('channel_id', '=', channelId)
          .executeTakeFirstOrThrow();
    return { followed: follow, followers: Number(profile.followers) };
  });
}
