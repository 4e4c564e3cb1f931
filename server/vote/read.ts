/**
 * Read side of voting: player cards, lists (number or name-prefix search, team/group filters, paging), ranks with a
 * stable tie order (votes desc, number asc), team rankings, scores, today's star and the change feed for polling.
 * Every query runs on an index of migrations 004/009.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { playerNotFound } from './common.ts';

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
export type PlayerCard = {
  id: number;
  number: number;
  name: string;
  photo: string;
  votes: number;
  team_id: number | null;
  team_name: string;
  group_id: number | null;
  group_name: string;
};

const statements = new WeakMap<Db, Map<string, Statement<unknown[], unknown>>>();

/** Prepared once per database and SQL text (the lists build their SQL from a few fixed shapes). */
function statement<P extends unknown[], R>(db: Db, sql: string): Statement<P, R> {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared as unknown as Statement<P, R>;
}

const CARD_COLUMNS = 'id, number, name, photo, votes, team_id, group_id, score';

type Names = { teams: Map<number, string>; groups: Map<number, string> };

function names(db: Db, contestId: number): Names {
  const rows = (table: string) =>
    statement<[number], { id: number; name: string }>(
      db,
      `SELECT id, name FROM ${table} WHERE contest_id = ?`,
    ).all(contestId);
  return {
    teams: new Map(rows('contest_teams').map((row) => [row.id, row.name])),
    groups: new Map(rows('contest_groups').map((row) => [row.id, row.name])),
  };
}

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

const ORDER_BY = {
  number: 'number ASC',
  votes: 'votes DESC, number ASC',
  new: 'id DESC',
  score: 'score DESC, number ASC',
} as const;

/** The highest code point: `name < prefix || MAX` bounds a prefix range the name index can seek. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

/**
 * Hidden players (status <> 1) need the status checked row by row; without any (the usual case) the lists and ranks
 * run on the indexes alone.
 */
function hasHidden(db: Db, contestId: number): boolean {
  // Two seeks on players_status (an inequality would make SQLite scan the contest's rows).
  const range = statement<[number, number], { lo: number | null; hi: number | null }>(
    db,
    `SELECT (SELECT MIN(status) FROM players WHERE contest_id = ?) AS lo,
            (SELECT MAX(status) FROM players WHERE contest_id = ?) AS hi`,
  ).get(contestId, contestId)!;
  return range.lo !== null && (range.lo !== 1 || range.hi !== 1);
}

export function listPlayers(db: Db, contestId: number, query: ListQuery) {
  const where = ['contest_id = ?'];
  const params: (string | number)[] = [contestId];
  if (hasHidden(db, contestId)) where.push('status = 1');
  const keyword = query.keyword?.trim() ?? '';
  if (/^\d{1,9}$/.test(keyword)) {
    where.push('number = ?');
    params.push(Number(keyword));
  } else if (keyword) {
    where.push('name >= ? AND name < ?');
    params.push(keyword, keyword + MAX_CHAR);
  }
  if (query.team_id !== undefined) {
    where.push('team_id = ?');
    params.push(query.team_id);
  }
  if (query.group_id !== undefined) {
    where.push('group_id = ?');
    params.push(query.group_id);
  }
  const clause = where.join(' AND ');
  const order = ORDER_BY[query.order ?? 'number'];
  const total = statement<(string | number)[], { total: number }>(
    db,
    `SELECT COUNT(*) AS total FROM players WHERE ${clause}`,
  ).get(...params)!.total;
  // The page's ids come from the index alone (OFFSET skips index entries, not rows); then only those rows are read.
  const rows = statement<(string | number)[], PlayerRow>(
    db,
    `SELECT ${CARD_COLUMNS} FROM players WHERE id IN
         (SELECT id FROM players WHERE ${clause} ORDER BY ${order} LIMIT ? OFFSET ?)
       ORDER BY ${order}`,
  ).all(...params, query.limit, query.offset);
  const lookup = names(db, contestId);
  return { total, rows: rows.map((row) => ({ row, card: card(row, lookup) })) };
}

export function findPlayer(db: Db, contestId: number, playerId: number) {
  const row = statement<[number, number], PlayerRow & { description: string; photos: string; video: string }>(
    db,
    `SELECT ${CARD_COLUMNS}, description, photos, video FROM players WHERE id = ? AND contest_id = ? AND status = 1`,
  ).get(playerId, contestId);
  if (!row) throw playerNotFound();
  return { row, card: card(row, names(db, contestId)) };
}

/** Rank by votes (votes desc, number asc) and the gap to the player just above: two range counts on players_rank. */
export function playerRank(db: Db, contestId: number, player: Pick<PlayerRow, 'votes' | 'number'>) {
  const status = hasHidden(db, contestId) ? 'AND status = 1' : '';
  const more = statement<[number, number], { count: number; nearest: number | null }>(
    db,
    `SELECT COUNT(*) AS count, MIN(votes) AS nearest FROM players WHERE contest_id = ? AND votes > ? ${status}`,
  ).get(contestId, player.votes)!;
  const tied = statement<[number, number, number], { count: number }>(
    db,
    `SELECT COUNT(*) AS count FROM players WHERE contest_id = ? AND votes = ? AND number < ? ${status}`,
  ).get(contestId, player.votes, player.number)!.count;
  const gap = tied > 0 ? 0 : more.nearest === null ? 0 : more.nearest - player.votes;
  return { rank: more.count + tied + 1, gap };
}

export function scoreRank(db: Db, contestId: number, player: Pick<PlayerRow, 'score' | 'number'>): number {
  return (
    statement<[number, number, number, number], { count: number }>(
      db,
      `SELECT COUNT(*) AS count FROM players
         WHERE contest_id = ? AND status = 1 AND (score > ? OR (score = ? AND number < ?))`,
    ).get(contestId, player.score, player.score, player.number)!.count + 1
  );
}

export function scoreItems(db: Db, playerId: number) {
  return statement<[number], { name: string; judge: string; score: number; max_score: number }>(
    db,
    'SELECT item AS name, judge, score, max_score FROM player_scores WHERE player_id = ? ORDER BY id',
  ).all(playerId);
}

export function teamList(db: Db, contestId: number) {
  return statement<[number], { id: number; name: string; player_count: number; votes: number }>(
    db,
    `SELECT t.id, t.name, COUNT(p.id) AS player_count, COALESCE(SUM(p.votes), 0) AS votes
       FROM contest_teams t LEFT JOIN players p ON p.contest_id = t.contest_id AND p.team_id = t.id AND p.status = 1
       WHERE t.contest_id = ? GROUP BY t.id ORDER BY t.id`,
  ).all(contestId);
}

export function teamRank(db: Db, contestId: number) {
  return teamList(db, contestId)
    .sort((a, b) => b.votes - a.votes || a.id - b.id)
    .map((team, index) => ({ ...team, rank: index + 1 }));
}

export function groupList(db: Db, contestId: number) {
  return statement<[number], { id: number; name: string; player_count: number }>(
    db,
    `SELECT g.id, g.name, COUNT(p.id) AS player_count
       FROM contest_groups g LEFT JOIN players p ON p.contest_id = g.contest_id AND p.group_id = g.id AND p.status = 1
       WHERE g.contest_id = ? GROUP BY g.id ORDER BY g.id`,
  ).all(contestId);
}

export function todayStars(db: Db, contestId: number, day: number, limit: number) {
  const rows = statement<[number, number, number], PlayerRow & { votes_today: number }>(
    db,
    `SELECT p.id, p.number, p.name, p.photo, p.votes, p.team_id, p.group_id, p.score, d.votes AS votes_today
       FROM vote_player_days d JOIN players p ON p.id = d.player_id
       WHERE d.contest_id = ? AND d.day = ? AND p.status = 1
       ORDER BY d.votes DESC, p.number ASC LIMIT ?`,
  ).all(contestId, day, limit);
  const lookup = names(db, contestId);
  return rows.map((row, index) => ({ ...card(row, lookup), rank: index + 1, votes_today: row.votes_today }));
}

export function contestTotals(db: Db, contestId: number) {
  // Without hidden players the sum comes from an index holding votes alone.
  const status = hasHidden(db, contestId) ? 'AND status = 1' : '';
  return statement<[number], { players: number; votes: number }>(
    db,
    `SELECT COUNT(*) AS players, COALESCE(SUM(votes), 0) AS votes FROM players
     WHERE contest_id = ? ${status}`,
  ).get(contestId)!;
}

/** The newest vote record of a contest: the version the change feed counts from. */
export function voteVersion(db: Db, contestId: number): number {
  return (
    statement<[number], { version: number | null }>(
      db,
      'SELECT MAX(id) AS version FROM vote_records WHERE contest_id = ?',
    ).get(contestId)!.version ?? 0
  );
}

export const CHANGES_LIMIT = 500;

export function changesSince(db: Db, contestId: number, since: number) {
  const ids = statement<[number, number, number], { player_id: number }>(
    db,
    `SELECT DISTINCT player_id FROM vote_records WHERE contest_id = ? AND id > ? LIMIT ?`,
  )
    .all(contestId, since, CHANGES_LIMIT + 1)
    .map((row) => row.player_id);
  if (ids.length > CHANGES_LIMIT) return { reset: true, players: [] };
  if (ids.length === 0) return { reset: false, players: [] };
  const players = statement<number[], { id: number; votes: number }>(
    db,
    `SELECT id, votes FROM players WHERE id IN (${ids.map(() => '?').join(',')}) ORDER BY id`,
  ).all(...ids);
  return { reset: false, players };
}

export function assertContestExists(db: Db, contestId: number): void {
  if (!statement(db, 'SELECT 1 FROM contests WHERE id = ?').get(contestId))
    throw new ApiFailure(XCODE.notFound, { 'zh-CN': '评选活动不存在', en: 'No such contest' });
}
