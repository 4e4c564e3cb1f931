/**
 * Read side of voting: player cards, lists (number or name-prefix search, team/group filters, paging), ranks with a
 * stable tie order (votes desc, number asc), team rankings, scores, today's star and the change feed for polling.
 * Every query runs on an index of migrations 004/009.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { ContractSchema } from '../contract/types.ts';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import { sqliteConnection, type Sql } from '../db/sql.ts';
import { cachedLookup } from '../db/table-cache.ts';
import { findContest, playerNotFound, type ContestData } from './common.ts';

export type PlayerRow = {
  id: number;
  number: number;
  name: string;
  photo: string;
  votes: number;
  team_id: number | null;
  group_id: number | null;
  score: number;
};
export type PlayerCard = ContractSchema<'VotePlayer'>;

const CARD_COLUMNS = ['id', 'number', 'name', 'photo', 'votes', 'team_id', 'group_id', 'score'] as const;

type Names = { teams: Map<number, string>; groups: Map<number, string> };

/** A contest's team and group names, cached until either table changes (SQLite). */
const namesOf = cachedLookup(
  ['contest_teams', 'contest_groups'],
  async (sql, contestId: number): Promise<Names> => {
    const [teams, groups] = await Promise.all([
      sql.selectFrom('contest_teams').select(['id', 'name']).where('contest_id', '=', contestId).execute(),
      sql.selectFrom('contest_groups').select(['id', 'name']).where('contest_id', '=', contestId).execute(),
    ]);
    return {
      teams: new Map(teams.map((row) => [row.id, row.name])),
      groups: new Map(groups.map((row) => [row.id, row.name])),
    };
  },
);

/** A contest's team and group names (cached with the server's caches). */
const names = (data: ContestData, contestId: number) =>
  (data.caches ? data.caches.of(namesOf) : namesOf.lookup)(data.sql, contestId);

function card(row: PlayerRow, lookup: Names): PlayerCard {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    photo: row.photo,
    votes: row.votes,
    team_id: row.team_id,
    team_name: row.team_id === null ? '' : (lookup.teams.get(row.team_id) ?? ''),
    group_id: row.group_id,
    group_name: row.group_id === null ? '' : (lookup.groups.get(row.group_id) ?? ''),
  };
}

export type ListQuery = {
  keyword?: string;
  team_id?: number;
  group_id?: number;
  order?: 'number' | 'votes' | 'new' | 'score';
  limit: number;
  offset: number;
};

type PlayerQuery<O> = SelectQueryBuilder<Database, 'players', O>;

/** The list orders, each with a stable tie order (on the players_rank / players_score indexes). */
function ordered<O>(query: PlayerQuery<O>, order: NonNullable<ListQuery['order']>): PlayerQuery<O> {
  switch (order) {
    case 'number':
      return query.orderBy('number', 'asc');
    case 'votes':
      return query.orderBy('votes', 'desc').orderBy('number', 'asc');
    case 'new':
      return query.orderBy('id', 'desc');
    case 'score':
      return query.orderBy('score', 'desc').orderBy('number', 'asc');
  }
}

/** The highest code point: `name < prefix || MAX` bounds a prefix range the name index can seek. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/**
 * Hidden players (status <> 1) need the status checked row by row; without any (the usual case) the lists and ranks
 * run on the indexes alone.
 */
async function hasHidden(sql: Sql, contestId: number): Promise<boolean> {
  // Two seeks on players_status (an inequality would make SQLite scan the contest's rows).
  const range = await sql
    .selectNoFrom((eb) => [
      eb
        .selectFrom('players')
        .select((inner) => inner.fn.min('status').as('lo'))
        .where('contest_id', '=', contestId)
        .as('lo'),
      eb
        .selectFrom('players')
        .select((inner) => inner.fn.max('status').as('hi'))
        .where('contest_id', '=', contestId)
        .as('hi'),
    ])
    .executeTakeFirstOrThrow();
  return range.lo !== null && (Number(range.lo) !== 1 || Number(range.hi) !== 1);
}

export async function listPlayers(data: ContestData, contestId: number, query: ListQuery) {
  const { sql } = data;
  const hidden = await hasHidden(sql, contestId);
  const keyword = query.keyword?.trim() ?? '';
  const filtered = <O>(select: PlayerQuery<O>): PlayerQuery<O> => {
    let filter = select.where('contest_id', '=', contestId);
    if (hidden) filter = filter.where('status', '=', 1);
    // The test database and SQLite compare text by code point: the prefix range holds exactly the prefixed names.
    if (/^\d{1,9}$/.test(keyword)) filter = filter.where('number', '=', Number(keyword));
    else if (keyword) filter = filter.where('name', '>=', keyword).where('name', '<', keyword + MAX_CHAR);
    if (query.team_id !== undefined) filter = filter.where('team_id', '=', query.team_id);
    if (query.group_id !== undefined) filter = filter.where('group_id', '=', query.group_id);
    return filter;
  };
  const order = query.order ?? 'number';
  const [counted, rows, lookup] = await Promise.all([
    filtered(
      sql.selectFrom('players').select((eb) => eb.fn.countAll<number>().as('total')),
    ).executeTakeFirstOrThrow(),
    // The page's ids come from the index alone (OFFSET skips index entries, not rows); then only those rows are read.
    ordered(
      sql
        .selectFrom('players')
        .select(CARD_COLUMNS)
        .where(
          'id',
          'in',
          ordered(filtered(sql.selectFrom('players').select('id')), order)
            .limit(query.limit)
            .offset(query.offset),
        ),
      order,
    ).execute(),
    names(data, contestId),
  ]);
  return { total: Number(counted.total), rows: rows.map((row) => ({ row, card: card(row, lookup) })) };
}

/** The most rows a page holds (the contract's page_size maximum). */
const PAGE_MAX = 100;
/**
 * A page's players by id, compiled once (a rank page is read as often as a vote is cast): PAGE_MAX slots, the unused
 * ones 0 (no player). By id alone: with the contest and status in the WHERE clause an engine may pick players_status
 * and read every player of the contest; they are checked on the rows instead.
 */
const cardsById = prepared((sql, p) =>
  sql
    .selectFrom('players')
    .select([...CARD_COLUMNS, 'contest_id', 'status'])
    .where(
      'id',
      'in',
      Array.from({ length: PAGE_MAX }, (_, i) => p(`id${i}`)),
    ),
);

/** The cards of these players (the visible ones), in the order of `ids`: one seek each on the primary key. */
export async function playersInOrder(data: ContestData, contestId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  if (ids.length > PAGE_MAX) throw new Error(`playersInOrder: ${ids.length} ids, at most ${PAGE_MAX}`);
  const values = Object.fromEntries(Array.from({ length: PAGE_MAX }, (_, i) => [`id${i}`, ids[i] ?? 0]));
  const db = data.sql.isTransaction ? undefined : sqliteConnection(data.sql);
  const [rows, lookup] = await Promise.all([
    db && !db.inTransaction ? cardsById.allSync(db, data.sql, values) : cardsById.rows(data.sql, values),
    names(data, contestId),
  ]);
  const byId = new Map(
    rows.filter((row) => row.contest_id === contestId && row.status === 1).map((row) => [row.id, row]),
  );
  return ids.map((id) => {
    const row = byId.get(id);
    return row ? { row, card: card(row, lookup) } : null;
  });
}

export async function findPlayer(data: ContestData, contestId: number, playerId: number) {
  const { sql } = data;
  const row = await sql
    .selectFrom('players')
    .select([...CARD_COLUMNS, 'description', 'photos', 'video'])
    .where('id', '=', playerId)
    .where('contest_id', '=', contestId)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!row) throw playerNotFound();
  return { row, card: card(row, await names(data, contestId)) };
}

/** Rank by votes (votes desc, number asc) and the gap to the player just above: two range counts on players_rank. */
export async function playerRank(sql: Sql, contestId: number, player: Pick<PlayerRow, 'votes' | 'number'>) {
  const hidden = await hasHidden(sql, contestId);
  const visible = <O>(query: PlayerQuery<O>) => (hidden ? query.where('status', '=', 1) : query);
  const [more, tied] = await Promise.all([
    visible(
      sql
        .selectFrom('players')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('votes').as('nearest')])
        .where('contest_id', '=', contestId)
        .where('votes', '>', player.votes),
    ).executeTakeFirstOrThrow(),
    visible(
      sql
        .selectFrom('players')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('contest_id', '=', contestId)
        .where('votes', '=', player.votes)
        .where('number', '<', player.number),
    ).executeTakeFirstOrThrow(),
  ]);
  const above = Number(more.count);
  const ties = Number(tied.count);
  const gap = ties > 0 || more.nearest === null ? 0 : Number(more.nearest) - player.votes;
  return { rank: above + ties + 1, gap };
}

export async function scoreRank(sql: Sql, contestId: number, player: Pick<PlayerRow, 'score' | 'number'>) {
  const row = await sql
    .selectFrom('players')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('contest_id', '=', contestId)
    .where('status', '=', 1)
    .where((eb) =>
      eb.or([
        eb('score', '>', player.score),
        eb.and([eb('score', '=', player.score), eb('number', '<', player.number)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count) + 1;
}

export function scoreItems(sql: Sql, playerId: number) {
  return sql
    .selectFrom('player_scores')
    .select(['item as name', 'judge', 'score', 'max_score'])
    .where('player_id', '=', playerId)
    .orderBy('id')
    .execute();
}

export async function teamList(sql: Sql, contestId: number) {
  const rows = await sql
    .selectFrom('contest_teams as t')
    .leftJoin('players as p', (join) =>
      join.onRef('p.contest_id', '=', 't.contest_id').onRef('p.team_id', '=', 't.id').on('p.status', '=', 1),
    )
    .select((eb) => [
      't.id',
      't.name',
      eb.fn.count<number>('p.id').as('player_count'),
      eb.fn.coalesce(eb.fn.sum<number>('p.votes'), eb.lit(0)).as('votes'),
    ])
    .where('t.contest_id', '=', contestId)
    .groupBy(['t.id', 't.name'])
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({ ...row, player_count: Number(row.player_count), votes: Number(row.votes) }));
}

export async function teamRank(sql: Sql, contestId: number) {
  return (await teamList(sql, contestId))
    .sort((a, b) => b.votes - a.votes || a.id - b.id)
    .map((team, index) => ({ ...team, rank: index + 1 }));
}

export async function groupList(sql: Sql, contestId: number) {
  const rows = await sql
    .selectFrom('contest_groups as g')
    .leftJoin('players as p', (join) =>
      join.onRef('p.contest_id', '=', 'g.contest_id').onRef('p.group_id', '=', 'g.id').on('p.status', '=', 1),
    )
    .select((eb) => ['g.id', 'g.name', eb.fn.count<number>('p.id').as('player_count')])
    .where('g.contest_id', '=', contestId)
    .groupBy(['g.id', 'g.name'])
    .orderBy('g.id')
    .execute();
  return rows.map((row) => ({ ...row, player_count: Number(row.player_count) }));
}

export async function todayStars(data: ContestData, contestId: number, day: number, limit: number) {
  const { sql } = data;
  const [rows, lookup] = await Promise.all([
    sql
      .selectFrom('vote_player_days as d')
      .innerJoin('players as p', 'p.id', 'd.player_id')
      .select([
        'p.id',
        'p.number',
        'p.name',
        'p.photo',
        'p.votes',
        'p.team_id',
        'p.group_id',
        'p.score',
        'd.votes as votes_today',
      ])
      .where('d.contest_id', '=', contestId)
      .where('d.day', '=', day)
      .where('p.status', '=', 1)
      .orderBy('d.votes', 'desc')
      .orderBy('p.number', 'asc')
      .limit(limit)
      .execute(),
    names(data, contestId),
  ]);
  return rows.map((row, index) => ({ ...card(row, lookup), rank: index + 1, votes_today: row.votes_today }));
}

export async function contestTotals(sql: Sql, contestId: number) {
  // Without hidden players the sum comes from an index holding votes alone.
  const hidden = await hasHidden(sql, contestId);
  let query = sql
    .selectFrom('players')
    .select((eb) => [
      eb.fn.countAll<number>().as('players'),
      eb.fn.coalesce(eb.fn.sum<number>('votes'), eb.lit(0)).as('votes'),
    ])
    .where('contest_id', '=', contestId);
  if (hidden) query = query.where('status', '=', 1);
  const row = await query.executeTakeFirstOrThrow();
  return { players: Number(row.players), votes: Number(row.votes) };
}

/** The newest vote record of a contest: the version the change feed counts from. */
export async function voteVersion(sql: Sql, contestId: number): Promise<number> {
  const row = await sql
    .selectFrom('vote_records')
    .select((eb) => eb.fn.max('id').as('version'))
    .where('contest_id', '=', contestId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

export const CHANGES_LIMIT = 500;

export async function changesSince(sql: Sql, contestId: number, since: number) {
  const ids = (
    await sql
      .selectFrom('vote_records')
      .select('player_id')
      .distinct()
      .where('contest_id', '=', contestId)
      .where('id', '>', since)
      .limit(CHANGES_LIMIT + 1)
      .execute()
  ).map((row) => row.player_id);
  if (ids.length > CHANGES_LIMIT) return { reset: true, players: [] };
  if (ids.length === 0) return { reset: false, players: [] };
  const players = await sql
    .selectFrom('players')
    .select(['id', 'votes'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return { reset: false, players };
}

export async function assertContestExists(data: ContestData, contestId: number): Promise<void> {
  await findContest(data, contestId);
}
