/**
 * Casting votes. A free vote is checked and counted in ONE transaction: the contest is open, the viewer's limits of
 * the contest row (per day, per contest, per player per day) are not exhausted, then the vote record (idempotency key
 * unique per user), the counters and the player's total are written together. A repeated key answers the first
 * result and counts nothing. Paid votes are credited by the 'vote' order-paid hook, exactly once per order.
 *
 * The queries are written on the query builder (prepared once, server/db/prepared.ts) and the vote is one generator of
 * steps, run two ways:
 * - SQLite (one writer): votes arriving in the same event-loop turn are checked and counted in order in ONE
 *   synchronous transaction (group commit: one WAL commit per batch);
 * - PostgreSQL (many writers, many nodes): one short transaction per vote; the counter writes are conditional upserts
 *   (`... DO UPDATE SET votes = votes + 1 WHERE votes < limit RETURNING votes`) that lock the viewer's counter rows,
 *   so two concurrent votes of one viewer cannot both pass a limit, and the record's unique key makes a concurrent
 *   retry count once. (The contest total is re-read under the lock of the viewer's row of the day: two votes of one
 *   viewer racing across midnight CST could exceed it by one.)
 */
import type { ContractSchema } from '../contract/types.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { engineOf } from '../db/engine.ts';
import {
  first,
  groupCommit,
  prepared,
  runSteps,
  sqliteBatch,
  type BatchOutcome,
  type Steps,
} from '../db/prepared.ts';
import type { Sql } from '../db/sql.ts';
import { OrderNotAvailable, type Order, type PaidHook } from '../wechat/orders.ts';
import { assertOpen, contestStatus, cstDay, playerNotFound, VOTE_XCODE, type ContestRow } from './common.ts';

export type CastResult = ContractSchema<'VoteCastResult'>;

export type UserVoteState = { votes_today: number; votes_total: number; votes_left_today: number };
/** Also the free votes a daily bonus added to today's allowance (already in votes_left_today). */
type VoteState = UserVoteState & { bonus: number };
const publicState = (state: VoteState): UserVoteState => ({
  votes_today: state.votes_today,
  votes_total: state.votes_total,
  votes_left_today: state.votes_left_today,
});

const q = {
  record: prepared((sql, p) =>
    sql
      .selectFrom('vote_records')
      .select(['contest_id', 'player_id', 'votes_after'])
      .where('user_id', '=', p('user'))
      .where('idempotency_key', '=', p('key')),
  ),
  // What a vote needs of its contest (not the rules' text and form: a vote reads this on every cast).
  contest: prepared((sql, p) =>
    sql
      .selectFrom('contests')
      .select([
        'id',
        'starts_at',
        'ends_at',
        'daily_votes_per_user',
        'total_votes_per_user',
        'votes_per_player_per_day',
      ])
      .where('id', '=', p('contest')),
  ),
  player: prepared((sql, p) =>
    sql
      .selectFrom('players')
      .select('id')
      .where('id', '=', p('player'))
      .where('contest_id', '=', p('contest'))
      .where('status', '=', 1),
  ),
  userDay: prepared((sql, p) =>
    sql
      .selectFrom('vote_user_days')
      .select(['votes', 'bonus_votes'])
      .where('contest_id', '=', p('contest'))
      .where('user_id', '=', p('user'))
      .where('day', '=', p('day')),
  ),
  userTotal: prepared((sql, p) =>
    sql
      .selectFrom('vote_user_days')
      .select((eb) => eb.fn.sum<number | null>('votes').as('votes'))
      .where('contest_id', '=', p('contest'))
      .where('user_id', '=', p('user')),
  ),
  userPlayerDay: prepared((sql, p) =>
    sql
      .selectFrom('vote_user_player_days')
      .select('votes')
      .where('contest_id', '=', p('contest'))
      .where('user_id', '=', p('user'))
      .where('player_id', '=', p('player'))
      .where('day', '=', p('day')),
  ),
  // SQLite (one writer, the checks passed in the same transaction): the counters, unconditional, no RETURNING.
  bumpUserDayPlain: prepared((sql, p) =>
    sql
      .insertInto('vote_user_days')
      .values({ contest_id: p('contest'), user_id: p('user'), day: p('day'), votes: 1 })
      .onConflict((oc) =>
        oc
          .columns(['contest_id', 'user_id', 'day'])
          .doUpdateSet((eb) => ({ votes: eb('vote_user_days.votes', '+', 1) })),
      ),
  ),
  bumpUserPlayerDayPlain: prepared((sql, p) =>
    sql
      .insertInto('vote_user_player_days')
      .values({
        contest_id: p('contest'),
        user_id: p('user'),
        player_id: p('player'),
        day: p('day'),
        votes: 1,
      })
      .onConflict((oc) =>
        oc
          .columns(['contest_id', 'user_id', 'player_id', 'day'])
          .doUpdateSet((eb) => ({ votes: eb('vote_user_player_days.votes', '+', 1) })),
      ),
  ),
  bumpPlayer: prepared((sql, p) =>
    sql
      .updateTable('players')
      .set((eb) => ({ votes: eb('votes', '+', p('count')) }))
      .where('id', '=', p('player'))
      .returning('votes'),
  ),
  insertRecord: prepared((sql, p) =>
    sql
      .insertInto('vote_records')
      .values({
        contest_id: p('contest'),
        player_id: p('player'),
        user_id: p('user'),
        day: p('day'),
        count: p('count'),
        paid: p('paid'),
        idempotency_key: p('key'),
        votes_after: p('votes'),
        created_at: p('at'),
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('id'),
  ),
  bumpPlayerDay: prepared((sql, p) =>
    sql
      .insertInto('vote_player_days')
      .values({ contest_id: p('contest'), day: p('day'), player_id: p('player'), votes: p('count') })
      .onConflict((oc) =>
        oc
          .columns(['contest_id', 'day', 'player_id'])
          .doUpdateSet((eb) => ({ votes: eb('vote_player_days.votes', '+', eb.ref('excluded.votes')) })),
      ),
  ),
};

type RecordRow = { contest_id: number; player_id: number; votes_after: number };

/** Free votes left today; `bonus` is what a daily bonus added to today's allowance. */
function leftToday(contest: Limits, today: number, total: number, bonus = 0): number {
  const limits: number[] = [];
  if (contest.daily_votes_per_user > 0) limits.push(contest.daily_votes_per_user + bonus - today);
  if (contest.total_votes_per_user > 0) limits.push(contest.total_votes_per_user - total);
  return limits.length ? Math.max(0, Math.min(...limits)) : -1;
}

function* voteStateSteps(contest: CastContest, userId: number, nowMs: number): Steps<VoteState> {
  const day = cstDay(nowMs);
  const row = (yield first(q.userDay, { contest: contest.id, user: userId, day })) as
    { votes: number; bonus_votes: number } | undefined;
  const today = Number(row?.votes ?? 0);
  const bonus = Number(row?.bonus_votes ?? 0);
  const total = Number(
    (
      (yield first(q.userTotal, { contest: contest.id, user: userId })) as
        { votes: number | null } | undefined
    )?.votes ?? 0,
  );
  return {
    votes_today: today,
    votes_total: total,
    votes_left_today: leftToday(contest, today, total, bonus),
    bonus,
  };
}

/** The viewer's free votes in a contest: today, in total, and left today (-1: no limit). */
export function userVoteState(
  sql: Sql,
  contest: ContestRow,
  userId: number,
  nowMs: number,
): Promise<UserVoteState> {
  return runSteps(sql, voteStateSteps(contest, userId, nowMs)).then(publicState);
}

export type CastInput = { userId: number; contestId: number; playerId: number; key: string; nowMs: number };

/** A concurrent request with the same key counted first (PostgreSQL): this one is answered as a repeat. */
class RepeatedKey extends Error {}

const keyUsedElsewhere = () =>
  new ApiFailure(XCODE.badRequest, {
    'zh-CN': 'idempotency_key 已用于另一次投票，请换一个',
    en: 'idempotency_key was used for another vote; please use a new one',
  });

const limitReached = {
  daily: (contest: Limits) =>
    new ApiFailure(VOTE_XCODE.dailyLimit, {
      'zh-CN': `今日投票次数已用完（每天 ${contest.daily_votes_per_user} 票），明天再来吧`,
      en: `No votes left today (${contest.daily_votes_per_user} a day); come back tomorrow`,
    }),
  total: (contest: Limits) =>
    new ApiFailure(VOTE_XCODE.contestLimit, {
      'zh-CN': `您在本次评选的投票次数已用完（共 ${contest.total_votes_per_user} 票）`,
      en: `No votes left in this contest (${contest.total_votes_per_user} in all)`,
    }),
  player: (contest: Limits) =>
    new ApiFailure(VOTE_XCODE.playerDailyLimit, {
      'zh-CN': `今天已为该选手投过 ${contest.votes_per_player_per_day} 票，明天再来或为其他选手投票吧`,
      en: `You have given this player ${contest.votes_per_player_per_day} ${contest.votes_per_player_per_day === 1 ? 'vote' : 'votes'} today; come back tomorrow or vote for another player`,
    }),
};

/**
 * One free vote on SQLite: every check first (they only read, and a failed check throws before anything is written),
 * then the writes. Nothing runs in between: the caller runs it inside a synchronous SQLite transaction.
 */
function* castSteps(input: CastInput, contests: Map<number, CastContest | undefined>): Steps<CastResult> {
  const previous = (yield first(q.record, { user: input.userId, key: input.key })) as RecordRow | undefined;
  // A batch's votes are nearly all for one contest, and votes do not change it: read once per transaction.
  if (!contests.has(input.contestId))
    contests.set(
      input.contestId,
      (yield first(q.contest, { contest: input.contestId })) as CastContest | undefined,
    );
  const contest = contests.get(input.contestId);
  if (!contest) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '评选活动不存在', en: 'No such contest' });
  if (previous) {
    if (previous.contest_id !== input.contestId || previous.player_id !== input.playerId)
      throw keyUsedElsewhere();
    const state = publicState(yield* voteStateSteps(contest, input.userId, input.nowMs));
    return {
      ...state,
      counted: 1,
      repeated: true,
      player_id: previous.player_id,
      votes: previous.votes_after,
    };
  }
  assertOpen(contest, input.nowMs);
  if (!(yield first(q.player, { player: input.playerId, contest: input.contestId }))) throw playerNotFound();

  const day = cstDay(input.nowMs);
  const ids = { contest: contest.id, user: input.userId, day };
  const {
    votes_today: today,
    votes_total: total,
    bonus,
  } = yield* voteStateSteps(contest, input.userId, input.nowMs);
  if (contest.daily_votes_per_user > 0 && today >= contest.daily_votes_per_user + bonus)
    throw limitReached.daily(contest);
  if (contest.total_votes_per_user > 0 && total >= contest.total_votes_per_user)
    throw limitReached.total(contest);
  const perPlayer = contest.votes_per_player_per_day;
  if (perPlayer > 0) {
    const row = (yield first(q.userPlayerDay, { ...ids, player: input.playerId })) as
      { votes: number } | undefined;
    if ((row?.votes ?? 0) >= perPlayer) throw limitReached.player(contest);
  }

  yield first(q.bumpUserDayPlain, ids);
  yield first(q.bumpUserPlayerDayPlain, { ...ids, player: input.playerId });
  const votes = Number(
    ((yield first(q.bumpPlayer, { count: 1, player: input.playerId })) as { votes: number }).votes,
  );
  const inserted = yield first(q.insertRecord, {
    ...ids,
    player: input.playerId,
    count: 1,
    paid: 0,
    key: input.key,
    votes,
    at: Math.floor(input.nowMs / 1000),
  });
  if (!inserted) throw new RepeatedKey();
  yield first(q.bumpPlayerDay, { contest: contest.id, day, player: input.playerId, count: 1 });
  return {
    player_id: input.playerId,
    votes,
    counted: 1,
    repeated: false,
    votes_today: today + 1,
    votes_total: total + 1,
    votes_left_today: leftToday(contest, today + 1, total + 1, bonus),
  };
}

export type CastOutcome = BatchOutcome<CastResult>;

/**
 * SQLite group commit: many votes in ONE transaction, each checked and counted in order exactly as a single vote
 * would be (a vote's checks see the votes before it). A vote refused by a check wrote nothing, so the others still
 * commit; any other error rolls the whole batch back and every vote in it fails (nothing counted; clients retry with
 * the same keys).
 */
export function castVotes(sql: Sql, inputs: CastInput[]): Promise<CastOutcome[]> {
  return sqliteBatch(
    sql,
    inputs,
    (run, input, contests) => run(castSteps(input, contests)),
    () => new Map<number, CastContest | undefined>(),
    (error) => error instanceof ApiFailure,
  );
}

/**
 * PostgreSQL: one free vote as ONE statement (run in a short transaction, three round trips in all with BEGIN and
 * COMMIT): it reads the earlier vote of the key, the contest, the player and the viewer's counters, and, only when
 * the key is new, the contest open and the player there, makes the writes, each taking the previous one's RETURNING
 * as its input so that a refused write stops the ones after it:
 * - the viewer's counter of the day, a conditional upsert (`votes - bonus_votes < daily limit`, so the daily bonus's
 *   free votes count) that locks the row: two votes of one viewer take turns there, and the row it answers is the
 *   latest, whatever the statement's snapshot saw;
 * - the viewer's counter of the player and day, conditional on the per-player limit;
 * - the player's total, the vote record (its unique key: a concurrent vote with the same key counted first when
 *   nothing is inserted) and the player's count of the day.
 * The contest total is the latest day's counter plus the other days' (only a vote across midnight CST can change
 * those meanwhile). Whatever refused the vote rolls the transaction back.
 */
const castStatement = prepared((sql, p) =>
  sql
    .with('contest', (db) =>
      db
        .selectFrom('contests')
        .select([
          'id',
          'starts_at',
          'ends_at',
          'daily_votes_per_user',
          'total_votes_per_user',
          'votes_per_player_per_day',
        ])
        .where('id', '=', p('contest')),
    )
    .with('prev', (db) =>
      db
        .selectFrom('vote_records')
        .select(['contest_id as prev_contest', 'player_id as prev_player', 'votes_after as prev_votes'])
        .where('user_id', '=', p('user'))
        .where('idempotency_key', '=', p('key')),
    )
    .with('player', (db) =>
      db
        .selectFrom('players')
        .select('id as player_id')
        .where('id', '=', p('player'))
        .where('contest_id', '=', p('contest'))
        .where('status', '=', 1),
    )
    .with('day_row', (db) =>
      db
        .selectFrom('vote_user_days')
        .select(['votes as day_votes', 'bonus_votes as day_bonus'])
        .where('contest_id', '=', p('contest'))
        .where('user_id', '=', p('user'))
        .where('day', '=', p('day')),
    )
    .with('others', (db) =>
      db
        .selectFrom('vote_user_days')
        .select((eb) => eb.fn.sum<string | number | null>('votes').as('other_votes'))
        .where('contest_id', '=', p('contest'))
        .where('user_id', '=', p('user'))
        .where('day', '<>', p('day')),
    )
    .with('gate', (db) =>
      db
        .selectFrom('contest')
        .select('contest.id as gate_contest')
        .where('contest.starts_at', '<=', p('at'))
        .where('contest.ends_at', '>', p('at'))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('prev').select('prev.prev_player'))))
        .where((eb) => eb.exists(eb.selectFrom('player').select('player.player_id'))),
    )
    .with('day_bump', (db) =>
      db
        .insertInto('vote_user_days')
        .columns(['contest_id', 'user_id', 'day', 'votes'])
        .expression((eb) =>
          eb
            .selectFrom('gate')
            .select((eb) => [
              'gate.gate_contest',
              eb.cast(eb.val(p('user')), 'bigint').as('user_id'),
              eb.cast(eb.val(p('day')), 'bigint').as('day'),
              eb.lit(1).as('votes'),
            ]),
        )
        .onConflict((oc) =>
          oc
            .columns(['contest_id', 'user_id', 'day'])
            .doUpdateSet((eb) => ({ votes: eb('vote_user_days.votes', '+', 1) }))
            .where((eb) => {
              const daily = eb.selectFrom('contest').select('contest.daily_votes_per_user');
              return eb.or([
                eb(daily, '=', 0),
                eb(eb('vote_user_days.votes', '-', eb.ref('vote_user_days.bonus_votes')), '<', daily),
              ]);
            }),
        )
        .returning(['votes as counted_today', 'bonus_votes as bonus_today']),
    )
    .with('player_day_bump', (db) =>
      db
        .insertInto('vote_user_player_days')
        .columns(['contest_id', 'user_id', 'player_id', 'day', 'votes'])
        .expression((eb) =>
          eb
            .selectFrom('day_bump')
            .select((eb) => [
              eb.cast(eb.val(p('contest')), 'bigint').as('contest_id'),
              eb.cast(eb.val(p('user')), 'bigint').as('user_id'),
              eb.cast(eb.val(p('player')), 'bigint').as('player_id'),
              eb.cast(eb.val(p('day')), 'bigint').as('day'),
              eb.lit(1).as('votes'),
            ]),
        )
        .onConflict((oc) =>
          oc
            .columns(['contest_id', 'user_id', 'player_id', 'day'])
            .doUpdateSet((eb) => ({ votes: eb('vote_user_player_days.votes', '+', 1) }))
            .where((eb) => {
              const perPlayer = eb.selectFrom('contest').select('contest.votes_per_player_per_day');
              return eb.or([eb(perPlayer, '=', 0), eb('vote_user_player_days.votes', '<', perPlayer)]);
            }),
        )
        .returning('votes as player_day_votes'),
    )
    .with('player_bump', (db) =>
      db
        .updateTable('players')
        .set((eb) => ({ votes: eb('votes', '+', 1) }))
        .where('id', '=', p('player'))
        .where((eb) => eb.exists(eb.selectFrom('player_day_bump').select('player_day_bump.player_day_votes')))
        .returning('votes as player_votes'),
    )
    .with('record', (db) =>
      db
        .insertInto('vote_records')
        .columns([
          'contest_id',
          'player_id',
          'user_id',
          'day',
          'count',
          'paid',
          'idempotency_key',
          'votes_after',
          'created_at',
        ])
        .expression((eb) =>
          eb
            .selectFrom('player_bump')
            .select((eb) => [
              eb.cast(eb.val(p('contest')), 'bigint').as('contest_id'),
              eb.cast(eb.val(p('player')), 'bigint').as('player_id'),
              eb.cast(eb.val(p('user')), 'bigint').as('user_id'),
              eb.cast(eb.val(p('day')), 'bigint').as('day'),
              eb.lit(1).as('count'),
              eb.lit(0).as('paid'),
              eb.cast(eb.val(p('key')), 'text').as('idempotency_key'),
              'player_bump.player_votes',
              eb.cast(eb.val(p('at')), 'bigint').as('created_at'),
            ]),
        )
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .returning('id as record_id'),
    )
    .with('player_day_total', (db) =>
      db
        .insertInto('vote_player_days')
        .columns(['contest_id', 'day', 'player_id', 'votes'])
        .expression((eb) =>
          eb
            .selectFrom('record')
            .select((eb) => [
              eb.cast(eb.val(p('contest')), 'bigint').as('contest_id'),
              eb.cast(eb.val(p('day')), 'bigint').as('day'),
              eb.cast(eb.val(p('player')), 'bigint').as('player_id'),
              eb.lit(1).as('votes'),
            ]),
        )
        .onConflict((oc) =>
          oc
            .columns(['contest_id', 'day', 'player_id'])
            .doUpdateSet((eb) => ({ votes: eb('vote_player_days.votes', '+', 1) })),
        )
        .returning('votes as player_day_total'),
    )
    .selectFrom('contest')
    .leftJoin('prev', (join) => join.onTrue())
    .leftJoin('day_row', (join) => join.onTrue())
    .leftJoin('others', (join) => join.onTrue())
    .leftJoin('day_bump', (join) => join.onTrue())
    .leftJoin('player_day_bump', (join) => join.onTrue())
    .leftJoin('player_bump', (join) => join.onTrue())
    .leftJoin('record', (join) => join.onTrue())
    .leftJoin('player_day_total', (join) => join.onTrue())
    .selectAll([
      'contest',
      'prev',
      'day_row',
      'others',
      'day_bump',
      'player_day_bump',
      'player_bump',
      'record',
    ])
    .select((eb) => eb.exists(eb.selectFrom('player').select('player.player_id')).as('player_found')),
);

type Limits = Pick<
  ContestRow,
  'starts_at' | 'ends_at' | 'daily_votes_per_user' | 'total_votes_per_user' | 'votes_per_player_per_day'
>;
type CastContest = Limits & { id: number };
type CastRow = Limits & {
  prev_contest: number | null;
  prev_player: number | null;
  prev_votes: number | null;
  player_found: boolean;
  day_votes: number | null;
  day_bonus: number | null;
  other_votes: string | number | null;
  counted_today: number | null;
  bonus_today: number | null;
  player_day_votes: number | null;
  player_votes: number | null;
  record_id: number | null;
};

function* castStatementStep(values: Record<string, unknown>): Steps<CastRow | undefined> {
  return (yield first(castStatement, values)) as CastRow | undefined;
}

/** What the statement found and did, as the vote's answer; whatever refused the vote throws (and rolls back). */
function castAnswer(input: CastInput, row: CastRow | undefined): CastResult {
  if (!row) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '评选活动不存在', en: 'No such contest' });
  const others = Number(row.other_votes ?? 0);
  if (row.prev_player !== null) {
    if (row.prev_contest !== input.contestId || row.prev_player !== input.playerId) throw keyUsedElsewhere();
    const today = Number(row.day_votes ?? 0);
    const bonus = Number(row.day_bonus ?? 0);
    return {
      player_id: row.prev_player,
      votes: Number(row.prev_votes),
      counted: 1,
      repeated: true,
      votes_today: today,
      votes_total: others + today,
      votes_left_today: leftToday(row, today, others + today, bonus),
    };
  }
  assertOpen(row, input.nowMs);
  if (!row.player_found) throw playerNotFound();
  if (row.counted_today === null) throw limitReached.daily(row);
  const today = Number(row.counted_today);
  const total = others + today;
  if (row.total_votes_per_user > 0 && total > row.total_votes_per_user) throw limitReached.total(row);
  if (row.player_day_votes === null) throw limitReached.player(row);
  if (row.record_id === null) throw new RepeatedKey();
  return {
    player_id: input.playerId,
    votes: Number(row.player_votes),
    counted: 1,
    repeated: false,
    votes_today: today,
    votes_total: total,
    votes_left_today: leftToday(row, today, total, Number(row.bonus_today ?? 0)),
  };
}

/**
 * One free vote in its own short transaction: PostgreSQL's one statement (`castStatement`), or on SQLite a
 * synchronous transaction of its own (`castVotes` of one).
 */
export async function castVote(sql: Sql, input: CastInput): Promise<CastResult> {
  if (engineOf(sql) !== 'postgres') {
    const [outcome] = await castVotes(sql, [input]);
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  }
  const values = {
    contest: input.contestId,
    player: input.playerId,
    user: input.userId,
    key: input.key,
    day: cstDay(input.nowMs),
    at: Math.floor(input.nowMs / 1000),
  };
  const once = () =>
    sql
      .transaction()
      .execute(async (trx) => castAnswer(input, await runSteps(trx, castStatementStep(values))));
  try {
    return await once();
  } catch (error) {
    // Rolled back: the concurrent request with this key counted; answer as its repeat.
    if (error instanceof RepeatedKey) return once();
    throw error;
  }
}

/**
 * The vote endpoint's caster. SQLite: votes cast in the same event-loop turn are committed together (one WAL commit
 * per batch), the answer sent after the batch committed. PostgreSQL: one transaction per vote, concurrently.
 */
export function voteCaster(sql: Sql, maxBatch = 256): (input: CastInput) => Promise<CastResult> {
  if (engineOf(sql) === 'postgres') return (input) => castVote(sql, input);
  return groupCommit((inputs: CastInput[]) => castVotes(sql, inputs), maxBatch);
}

const unpaidVoteOrder = prepared((sql, p) =>
  sql
    .selectFrom('vote_orders')
    .select(['contest_id', 'player_id', 'user_id', 'count'])
    .where('order_id', '=', p('order'))
    .where('credited_at', 'is', null),
);
const markCredited = prepared((sql, p) =>
  sql
    .updateTable('vote_orders')
    .set({ credited_at: p('at') })
    .where('order_id', '=', p('order'))
    .returning('order_id'),
);

function* creditSteps(order: Order, nowMs: number): Steps<void> {
  const row = (yield first(unpaidVoteOrder, { order: order.id })) as
    { contest_id: number; player_id: number; user_id: number; count: number } | undefined;
  if (!row) return;
  const contest = (yield first(q.contest, { contest: row.contest_id })) as CastContest | undefined;
  // Paid after the contest ended: the votes are not counted and the payment is refunded (server/wechat/orders.ts).
  if (!contest || contestStatus(contest, nowMs) === 2)
    throw new OrderNotAvailable({
      'zh-CN': '评选已结束，本次付费投票将原路退款',
      en: 'The contest has ended: this payment is refunded',
    });
  const day = cstDay(nowMs);
  const at = Math.floor(nowMs / 1000);
  const votes = Number(
    ((yield first(q.bumpPlayer, { count: row.count, player: row.player_id })) as { votes: number }).votes,
  );
  const inserted = yield first(q.insertRecord, {
    contest: row.contest_id,
    player: row.player_id,
    user: row.user_id,
    day,
    count: row.count,
    paid: 1,
    key: `order:${order.order_sn}`,
    votes,
    at,
  });
  // The record's key is unique: should it exist already, undo the total so the order counts once.
  if (!inserted) {
    yield first(q.bumpPlayer, { count: -row.count, player: row.player_id });
    return;
  }
  yield first(q.bumpPlayerDay, { contest: row.contest_id, day, player: row.player_id, count: row.count });
  yield first(markCredited, { at, order: order.id });
}

/** Paid votes are credited on the payment's transaction, once per order. */
export const paidVotesPaid: PaidHook = async (trx, order, now) => {
  await runSteps(trx, creditSteps(order, now));
};
