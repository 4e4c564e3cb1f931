/**
 * Casting votes. A free vote is checked and counted in ONE transaction: the contest is open, the viewer's limits of
 * the contest row (per day, per contest, per player per day) are not exhausted, then the vote record (idempotency key
 * unique per user), the counters and the player's total are written together. A repeated key answers the first
 * result and counts nothing. Paid votes are credited by the 'vote' order-paid hook, exactly once per order.
 *
 * The rules are written once, as a generator of steps on prepared queries (server/db/prepared.ts), and run by both
 * engines:
 * - every check comes first and only reads, so a refused vote writes nothing;
 * - the writes are conditional again: the viewer's counter of the day and of the player are upserts that count only
 *   below the limit (`... DO UPDATE SET votes = votes + 1 WHERE votes < limit RETURNING votes`) and lock the row, so
 *   two concurrent votes of one viewer take turns there and the second is refused when the first used the last vote;
 *   the contest total is checked again with the counter of the day the upsert answered (the latest). The record's
 *   unique key makes a concurrent retry count once: its insert answers nothing and the vote is answered as a repeat.
 *   (Two votes of one viewer racing across midnight CST lock different rows of the day and could exceed the contest
 *   total by one.)
 * How they run: on SQLite (one writer) the votes arriving in the same event-loop turn are checked and counted in
 * order in ONE synchronous transaction (group commit: one WAL commit per batch), where the conditional writes always
 * pass; on PostgreSQL (many writers, many nodes) each vote is a short transaction of its own, and a write refused
 * there rolls it back.
 */
import type { ContractSchema } from '../contract/types.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { engineOf } from '../db/engine.ts';
import {
  first,
  groupCommit,
  one,
  prepared,
  runSteps,
  runTransaction,
  sqliteBatch,
  type BatchOutcome,
  type Steps,
} from '../db/prepared.ts';
import type { Sql } from '../db/sql.ts';
import type { RankedPlayer, Rankings } from './rankings.ts';
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
      .select(['id', 'number'])
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
  // The viewer's votes of the other days: what a concurrent vote of the same day cannot change. The day's own votes
  // come from the day's row (read, or answered by the counting upsert), never from a second read of a total, which
  // on PostgreSQL may see a concurrent vote that the day's read did not.
  userOtherDays: prepared((sql, p) =>
    sql
      .selectFrom('vote_user_days')
      // A sum of integers is a numeric on PostgreSQL, a string in JavaScript.
      .select((eb) => eb.fn.sum<string | number | null>('votes').as('votes'))
      .where('contest_id', '=', p('contest'))
      .where('user_id', '=', p('user'))
      .where('day', '<>', p('day')),
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
  /** Counts the vote in the viewer's day unless the daily limit (0: none; plus the day's bonus votes) is reached. */
  bumpUserDay: prepared((sql, p) =>
    sql
      .insertInto('vote_user_days')
      .values({ contest_id: p('contest'), user_id: p('user'), day: p('day'), votes: 1 })
      .onConflict((oc) =>
        oc
          .columns(['contest_id', 'user_id', 'day'])
          .doUpdateSet((eb) => ({ votes: eb('vote_user_days.votes', '+', 1) }))
          .where((eb) =>
            eb.or([
              eb(eb.lit(0), '=', p('daily')),
              eb('vote_user_days.votes', '<', eb(eb.ref('vote_user_days.bonus_votes'), '+', p('daily'))),
            ]),
          ),
      )
      .returning(['votes', 'bonus_votes']),
  ),
  /** Counts the vote in the viewer's day for the player unless the per-player limit (0: none) is reached. */
  bumpUserPlayerDay: prepared((sql, p) =>
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
          .doUpdateSet((eb) => ({ votes: eb('vote_user_player_days.votes', '+', 1) }))
          .where((eb) =>
            eb.or([
              eb(eb.lit(0), '=', p('perPlayer')),
              eb('vote_user_player_days.votes', '<', p('perPlayer')),
            ]),
          ),
      )
      .returning('votes'),
  ),
  bumpPlayer: prepared((sql, p) =>
    sql
      .updateTable('players')
      .set((eb) => ({ votes: eb('votes', '+', p('count')) }))
      .where('id', '=', p('player'))
      .returning(['votes', 'number']),
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

/** Free votes left today; `bonus` is what a daily bonus added to today's allowance. */
function leftToday(contest: Limits, today: number, total: number, bonus = 0): number {
  const limits: number[] = [];
  if (contest.daily_votes_per_user > 0) limits.push(contest.daily_votes_per_user + bonus - today);
  if (contest.total_votes_per_user > 0) limits.push(contest.total_votes_per_user - total);
  return limits.length ? Math.max(0, Math.min(...limits)) : -1;
}

function* voteStateSteps(contest: CastContest, userId: number, nowMs: number): Steps<VoteState> {
  const day = cstDay(nowMs);
  const row = yield* first(q.userDay, { contest: contest.id, user: userId, day });
  const today = row?.votes ?? 0;
  const bonus = row?.bonus_votes ?? 0;
  const otherDays = Number(
    (yield* first(q.userOtherDays, { contest: contest.id, user: userId, day }))?.votes ?? 0,
  );
  const total = otherDays + today;
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
 * One free vote: every check first (they only read, and a failed check throws before anything is written), then the
 * writes, conditional again for an engine where another transaction may have counted a vote of this viewer meanwhile
 * (see the top of this file). `contests` caches the contest rows read in this transaction.
 */
function* castSteps(input: CastInput, contests: Map<number, CastContest | undefined>): Steps<Counted> {
  const previous = yield* first(q.record, { user: input.userId, key: input.key });
  // A batch's votes are nearly all for one contest, and votes do not change it: read once per transaction.
  if (!contests.has(input.contestId))
    contests.set(input.contestId, yield* first(q.contest, { contest: input.contestId }));
  const contest = contests.get(input.contestId);
  if (!contest) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '评选活动不存在', en: 'No such contest' });
  if (previous) {
    if (previous.contest_id !== input.contestId || previous.player_id !== input.playerId)
      throw keyUsedElsewhere();
    const state = publicState(yield* voteStateSteps(contest, input.userId, input.nowMs));
    const result = {
      ...state,
      counted: 1,
      repeated: true,
      player_id: previous.player_id,
      votes: previous.votes_after,
    };
    return { result, player: null };
  }
  assertOpen(contest, input.nowMs);
  const player = yield* first(q.player, { player: input.playerId, contest: input.contestId });
  if (!player) throw playerNotFound();

  const day = cstDay(input.nowMs);
  const ids = { contest: contest.id, user: input.userId, day };
  const before = yield* voteStateSteps(contest, input.userId, input.nowMs);
  if (contest.daily_votes_per_user > 0 && before.votes_today >= contest.daily_votes_per_user + before.bonus)
    throw limitReached.daily(contest);
  if (contest.total_votes_per_user > 0 && before.votes_total >= contest.total_votes_per_user)
    throw limitReached.total(contest);
  const perPlayer = contest.votes_per_player_per_day;
  if (perPlayer > 0) {
    const row = yield* first(q.userPlayerDay, { ...ids, player: input.playerId });
    if ((row?.votes ?? 0) >= perPlayer) throw limitReached.player(contest);
  }

  const counted = yield* first(q.bumpUserDay, { ...ids, daily: contest.daily_votes_per_user });
  if (!counted) throw limitReached.daily(contest);
  const today = counted.votes;
  const total = before.votes_total - before.votes_today + today;
  if (contest.total_votes_per_user > 0 && total > contest.total_votes_per_user)
    throw limitReached.total(contest);
  if (!(yield* first(q.bumpUserPlayerDay, { ...ids, player: input.playerId, perPlayer })))
    throw limitReached.player(contest);
  const { votes } = yield* one(q.bumpPlayer, { count: 1, player: input.playerId });
  const inserted = yield* first(q.insertRecord, {
    ...ids,
    player: input.playerId,
    count: 1,
    paid: 0,
    key: input.key,
    votes,
    at: Math.floor(input.nowMs / 1000),
  });
  if (!inserted) throw new RepeatedKey();
  yield* first(q.bumpPlayerDay, { contest: contest.id, day, player: input.playerId, count: 1 });
  const result = {
    player_id: input.playerId,
    votes,
    counted: 1,
    repeated: false,
    votes_today: today,
    votes_total: total,
    votes_left_today: leftToday(contest, today, total, counted.bonus_votes),
  };
  return { result, player: { id: input.playerId, number: player.number, votes } };
}

/** A vote's answer and, when it counted, the player's standing for the rankings (server/voting/rankings.ts). */
type Counted = { result: CastResult; player: RankedPlayer | null };

export type CastOutcome = BatchOutcome<CastResult>;

/**
 * SQLite group commit: many votes in ONE transaction, each checked and counted in order exactly as a single vote
 * would be (a vote's checks see the votes before it). A vote refused by a check wrote nothing, so the others still
 * commit; any other error rolls the whole batch back and every vote in it fails (nothing counted; clients retry with
 * the same keys).
 */
export async function castVotes(sql: Sql, inputs: CastInput[]): Promise<CastOutcome[]> {
  return (await castBatch(sql, inputs)).map((outcome) =>
    outcome.ok ? { ok: true, result: outcome.result.result } : outcome,
  );
}

function castBatch(sql: Sql, inputs: CastInput[]): Promise<BatchOutcome<Counted>[]> {
  return sqliteBatch(
    sql,
    inputs,
    (run, input, contests) => run(castSteps(input, contests)),
    () => new Map<number, CastContest | undefined>(),
    (error) => error instanceof ApiFailure,
  );
}

type Limits = Pick<
  ContestRow,
  'starts_at' | 'ends_at' | 'daily_votes_per_user' | 'total_votes_per_user' | 'votes_per_player_per_day'
>;
type CastContest = Limits & { id: number };

/** One free vote in a short transaction of its own (either engine). */
export async function castVote(sql: Sql, input: CastInput): Promise<CastResult> {
  return (await castOne(sql, input)).result;
}

async function castOne(sql: Sql, input: CastInput): Promise<Counted> {
  const once = () => runTransaction(sql, () => castSteps(input, new Map()));
  try {
    return await once();
  } catch (error) {
    // Rolled back: a concurrent request with this key counted first (PostgreSQL); answer as its repeat.
    if (error instanceof RepeatedKey) return once();
    throw error;
  }
}

/**
 * The vote endpoint's caster. SQLite: votes cast in the same event-loop turn are committed together (one WAL commit
 * per batch), the answer sent after the batch committed. PostgreSQL: one transaction per vote, concurrently. Once
 * committed, the counted votes move their players in the rankings (before the answer: the voter sees the new rank).
 */
export function voteCaster(
  sql: Sql,
  rankings?: Rankings,
  maxBatch = 256,
): (input: CastInput) => Promise<CastResult> {
  const ranked = async (outcomes: BatchOutcome<Counted>[], contestId: (index: number) => number) => {
    if (!rankings) return;
    const byContest = new Map<number, RankedPlayer[]>();
    outcomes.forEach((outcome, index) => {
      if (!outcome.ok || !outcome.result.player) return;
      const list = byContest.get(contestId(index)) ?? [];
      list.push(outcome.result.player);
      byContest.set(contestId(index), list);
    });
    await Promise.all([...byContest].map(([contest, players]) => rankings.place(contest, players)));
  };
  if (engineOf(sql) === 'postgres')
    return async (input) => {
      const counted = await castOne(sql, input);
      await ranked([{ ok: true, result: counted }], () => input.contestId);
      return counted.result;
    };
  return groupCommit(async (inputs: CastInput[]): Promise<CastOutcome[]> => {
    const outcomes = await castBatch(sql, inputs);
    await ranked(outcomes, (index) => inputs[index].contestId);
    return outcomes.map((outcome) => (outcome.ok ? { ok: true, result: outcome.result.result } : outcome));
  }, maxBatch);
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

/** Credits a paid vote order; answers the player's new standing, or null when nothing was counted. */
function* creditSteps(
  order: Order,
  nowMs: number,
): Steps<{ contestId: number; player: RankedPlayer } | null> {
  const row = yield* first(unpaidVoteOrder, { order: order.id });
  if (!row) return null;
  const contest = yield* first(q.contest, { contest: row.contest_id });
  // Paid after the contest ended: the votes are not counted and the payment is refunded (server/wechat/orders.ts).
  if (!contest || contestStatus(contest, nowMs) === 2)
    throw new OrderNotAvailable({
      'zh-CN': '评选已结束，本次付费投票将原路退款',
      en: 'The contest has ended: this payment is refunded',
    });
  const day = cstDay(nowMs);
  const at = Math.floor(nowMs / 1000);
  const { votes, number } = yield* one(q.bumpPlayer, { count: row.count, player: row.player_id });
  const inserted = yield* first(q.insertRecord, {
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
    yield* first(q.bumpPlayer, { count: -row.count, player: row.player_id });
    return null;
  }
  yield* first(q.bumpPlayerDay, { contest: row.contest_id, day, player: row.player_id, count: row.count });
  yield* first(markCredited, { at, order: order.id });
  return { contestId: row.contest_id, player: { id: row.player_id, number, votes } };
}

/** Paid votes are credited on the payment's transaction, once per order; the rankings move once it committed. */
export const paidVotesPaid: PaidHook = async (trx, order, now, paid) => {
  const credited = await runSteps(trx, creditSteps(order, now));
  if (credited) paid.afterCommit(({ rankings }) => rankings.place(credited.contestId, [credited.player]));
};
