/**
 * The contests' rankings, kept in order as votes land instead of sorted per request: any page of a
 * million-player contest, the page after a cursor and a player's rank are a few steps, not a sort.
 *
 * - With Redis (several nodes): one sorted set per contest, `livev3:rank:{<contest>}:z`, every node's writes and
 *   reads on the same set, so a vote on one node moves the player's rank on every node at once. Member
 *   `<number, 10 digits>:<player id>`, score minus the votes: the set's own order (score, then member) is the rank
 *   order (votes desc, number asc).
 * - Without Redis (one node): the same order in this process (server/voting/rank-list.ts).
 *
 * What writes a player's votes tells the rankings once its transaction committed (`place`: free votes in
 * cast.ts, paid votes and new players through their payment's after-commit, sign-ups approved): a count is only ever
 * raised (ZADD LT, RankList.place), so counts that arrive late or twice leave the highest, which is the committed
 * total. A contest's ranking is built from the players table (the votes' totals) the first time it is read, and again
 * when it is missing (Redis flushed, a node restarted); until it is there, and for lists within a team or a group,
 * the lists are read from the players_rank index as before (server/voting/read.ts). Reads repair: a row read fresher
 * than its ranking raises the ranking.
 */
import type { Redis } from 'ioredis';
import type { Sql } from '../db/sql.ts';
import { compareRank, RankList, type RankKey, type RankedPlayer } from './rank-list.ts';

export type { RankKey, RankedPlayer };

export type RankPage = { total: number; position: number; players: RankedPlayer[] };

export type Rankings = {
  /** Players' votes after a committed write (or new players, 0 votes): never lowers a count. */
  place(contestId: number, players: readonly RankedPlayer[]): Promise<void>;
  /** `count` players from the 0-based place `offset`; null while the contest's ranking is being built. */
  page(contestId: number, offset: number, count: number): Promise<RankPage | null>;
  /** The `count` players after the place of `key` (keyset paging); null while being built. */
  after(contestId: number, key: RankKey, count: number): Promise<RankPage | null>;
  /** A player's rank (1-based) and the votes it lacks to the player above (0 when tied); null while being built. */
  rankOf(contestId: number, player: RankedPlayer): Promise<{ rank: number; gap: number } | null>;
  /** Resolves once the contest's ranking is built (a bench or a test waits for it; requests never do). */
  ready(contestId: number): Promise<void>;
  /** Drops a contest's ranking (players changed outside votes and sign-ups): the next read builds it again. */
  forget(contestId: number): Promise<void>;
};

const CHUNK = 20_000;

/** The contest's visible players, `CHUNK` at a time by id (each chunk one seek on the primary key). */
async function* playersOf(sql: Sql, contestId: number): AsyncGenerator<RankedPlayer[]> {
  let last = 0;
  for (;;) {
    const rows = await sql
      .selectFrom('players')
      .select(['id', 'number', 'votes'])
      .where('contest_id', '=', contestId)
      .where('status', '=', 1)
      .where('id', '>', last)
      .orderBy('id')
      .limit(CHUNK)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({ id: Number(row.id), number: Number(row.number), votes: Number(row.votes) }));
    last = Number(rows[rows.length - 1].id);
  }
}

function gapAbove(player: RankKey, above: RankKey | undefined): number {
  return above === undefined || above.votes === player.votes ? 0 : above.votes - player.votes;
}

/** One node: every contest's ranking in this process, built on first read. */
export function memoryRankings(sql: Sql): Rankings {
  type State = { list?: RankList; building?: Promise<void>; pending: RankedPlayer[] };
  const contests = new Map<number, State>();

  const build = (contestId: number): State => {
    let state = contests.get(contestId);
    if (state) return state;
    const fresh: State = { pending: [] };
    contests.set(contestId, fresh);
    fresh.building = (async () => {
      const all: RankedPlayer[] = [];
      for await (const chunk of playersOf(sql, contestId)) for (const player of chunk) all.push(player);
      all.sort((a, b) => compareRank(a, b) || a.id - b.id);
      const list = RankList.from(all);
      // Counts committed while the players were read: placed now (a count read already changes nothing).
      for (const player of fresh.pending) list.place(player);
      if (contests.get(contestId) !== fresh) return;
      fresh.list = list;
      fresh.pending = [];
    })().catch((error: unknown) => {
      // A failed build is tried again by the next read.
      if (contests.get(contestId) === fresh) contests.delete(contestId);
      throw error;
    });
    fresh.building.catch(() => undefined);
    state = fresh;
    return state;
  };
  const built = (contestId: number): RankList | null => build(contestId).list ?? null;

  return {
    async place(contestId, players) {
      const state = contests.get(contestId);
      if (!state) return;
      if (state.list) for (const player of players) state.list.place(player);
      else state.pending.push(...players);
    },
    async page(contestId, offset, count) {
      const list = built(contestId);
      if (!list) return null;
      return { total: list.size, position: offset, players: list.slice(offset, count) };
    },
    async after(contestId, key, count) {
      const list = built(contestId);
      if (!list) return null;
      // The first place after every player that stands at or before the cursor's (votes, number).
      const position = list.positionOf({ votes: key.votes, number: key.number + 1 });
      return { total: list.size, position, players: list.slice(position, count) };
    },
    async rankOf(contestId, player) {
      const list = built(contestId);
      if (!list) return null;
      list.place(player);
      const known = list.get(player.id) ?? player;
      const position = list.positionOf(known);
      return {
        rank: position + 1,
        gap: gapAbove(known, position > 0 ? list.slice(position - 1, 1)[0] : undefined),
      };
    },
    async ready(contestId) {
      await build(contestId).building;
    },
    async forget(contestId) {
      contests.delete(contestId);
    },
  };
}

const NUMBER_DIGITS = 10;
const memberOf = (player: Pick<RankedPlayer, 'id' | 'number'>) =>
  `${String(player.number).padStart(NUMBER_DIGITS, '0')}:${player.id}`;
const scoreOf = (votes: number) => String(-votes);

/** A member and its score (minus the votes) as ZRANGE ... WITHSCORES answers them. */
function fromRange(range: string[]): RankedPlayer[] {
  const players: RankedPlayer[] = [];
  for (let i = 0; i < range.length; i += 2) {
    const member = range[i];
    players.push({
      number: Number(member.slice(0, NUMBER_DIGITS)),
      id: Number(member.slice(NUMBER_DIGITS + 1)),
      votes: -Number(range[i + 1]),
    });
  }
  return players;
}

// KEYS[1] the set, KEYS[2] its ready mark. Every script answers nil while the set is not (re)built.
const PLACE = `for i = 1, #ARGV, 2 do redis.call('ZADD', KEYS[1], 'LT', ARGV[i + 1], ARGV[i]) end`;
// ARGV offset, stop.
const PAGE = `if redis.call('EXISTS', KEYS[2]) == 0 then return false end
return {redis.call('ZCARD', KEYS[1]), redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'WITHSCORES')}`;
// ARGV score (minus the votes), the number (10 digits), count. The ties of a score are in member order, the number
// first: a binary search among them finds the first number after the cursor's.
const AFTER = `if redis.call('EXISTS', KEYS[2]) == 0 then return false end
local lo = redis.call('ZCOUNT', KEYS[1], '-inf', '(' .. ARGV[1])
local hi = lo + redis.call('ZCOUNT', KEYS[1], ARGV[1], ARGV[1])
while lo < hi do
  local mid = math.floor((lo + hi) / 2)
  local member = redis.call('ZRANGE', KEYS[1], mid, mid)[1]
  if string.sub(member, 1, ${NUMBER_DIGITS}) <= ARGV[2] then lo = mid + 1 else hi = mid end
end
return {redis.call('ZCARD', KEYS[1]), lo, redis.call('ZRANGE', KEYS[1], lo, lo + tonumber(ARGV[3]) - 1, 'WITHSCORES')}`;
// ARGV member, score read from the database (raises the set's when fresher).
const RANK = `if redis.call('EXISTS', KEYS[2]) == 0 then return false end
redis.call('ZADD', KEYS[1], 'LT', ARGV[2], ARGV[1])
local rank = redis.call('ZRANK', KEYS[1], ARGV[1])
local above = false
if rank > 0 then above = redis.call('ZRANGE', KEYS[1], rank - 1, rank - 1, 'WITHSCORES')[2] end
return {rank, redis.call('ZSCORE', KEYS[1], ARGV[1]), above}`;

/** How long one node may hold the right to build a contest's set before another may take over. */
const BUILD_LEASE_MS = 120_000;

/** Several nodes: the rankings in Redis sorted sets, built from the database by one node when missing. */
export function redisRankings(sql: Sql, redis: Redis, prefix = 'livev3:'): Rankings {
  const keys = (contestId: number) => {
    const base = `${prefix}rank:{${contestId}}`;
    return { set: `${base}:z`, ready: `${base}:ready`, lease: `${base}:building` };
  };
  const building = new Map<number, Promise<void>>();

  /** Builds the set unless it is there or another node builds it; ZADD LT merges with counts placed meanwhile. */
  const build = (contestId: number): Promise<void> => {
    const running = building.get(contestId);
    if (running) return running;
    const { set, ready, lease } = keys(contestId);
    const work = (async () => {
      if (await redis.exists(ready)) return;
      if ((await redis.set(lease, '1', 'PX', BUILD_LEASE_MS, 'NX')) !== 'OK') return;
      try {
        for await (const chunk of playersOf(sql, contestId)) {
          const args: string[] = [];
          for (const player of chunk) args.push(memberOf(player), scoreOf(player.votes));
          await redis.eval(PLACE, 1, set, ...args);
        }
        await redis.set(ready, '1');
      } finally {
        await redis.del(lease);
      }
    })().finally(() => building.delete(contestId));
    building.set(contestId, work);
    return work;
  };
  /** A script's answer, or null (and a build started) while the set is not there. */
  const read = async <T>(
    contestId: number,
    script: string,
    ...args: (string | number)[]
  ): Promise<T | null> => {
    const { set, ready } = keys(contestId);
    const answer = (await redis.eval(script, 2, set, ready, ...args)) as T | null;
    if (answer === null) build(contestId).catch(() => undefined);
    return answer;
  };

  return {
    async place(contestId, players) {
      if (players.length === 0) return;
      const args: string[] = [];
      for (const player of players) args.push(memberOf(player), scoreOf(player.votes));
      await redis.eval(PLACE, 1, keys(contestId).set, ...args);
    },
    async page(contestId, offset, count) {
      const answer = await read<[number, string[]]>(contestId, PAGE, offset, offset + count - 1);
      return answer && { total: answer[0], position: offset, players: fromRange(answer[1]) };
    },
    async after(contestId, key, count) {
      const number = String(key.number).padStart(NUMBER_DIGITS, '0');
      const answer = await read<[number, number, string[]]>(
        contestId,
        AFTER,
        scoreOf(key.votes),
        number,
        count,
      );
      return answer && { total: answer[0], position: answer[1], players: fromRange(answer[2]) };
    },
    async rankOf(contestId, player) {
      const answer = await read<[number, string, string | null]>(
        contestId,
        RANK,
        memberOf(player),
        scoreOf(player.votes),
      );
      if (!answer) return null;
      const votes = -Number(answer[1]);
      const above = answer[2] === null ? undefined : { votes: -Number(answer[2]), number: 0 };
      return { rank: answer[0] + 1, gap: gapAbove({ votes, number: player.number }, above) };
    },
    async ready(contestId) {
      for (;;) {
        if (await redis.exists(keys(contestId).ready)) return;
        await build(contestId);
        if (await redis.exists(keys(contestId).ready)) return;
        // Another node holds the lease: its build ends within the lease.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async forget(contestId) {
      const { set, ready } = keys(contestId);
      await redis.del(ready, set);
    },
  };
}

export function openRankings(sql: Sql, redis: Redis | null): Rankings {
  return redis ? redisRankings(sql, redis) : memoryRankings(sql);
}
