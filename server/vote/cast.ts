/**
 * Casting votes. A free vote is checked and counted in ONE transaction: the contest is open, the viewer's limits of
 * the contest row (per day, per contest, per player per day) are not exhausted, then the vote record (idempotency key
 * unique per user), the counters and the player's total are written together. A repeated key answers the first
 * result and counts nothing. Paid votes are credited by the 'vote' order-paid hook, exactly once per order.
 */
import type { Db } from '../db/database.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { onOrderPaid, type Order } from '../wechat/orders.ts';
import { assertOpen, cstDay, findContest, playerNotFound, VOTE_XCODE, type ContestRow } from './common.ts';

export type CastResult = {
  player_id: number;
  votes: number;
  counted: number;
  repeated: boolean;
  votes_today: number;
  votes_left_today: number;
  votes_total: number;
};

export type UserVoteState = { votes_today: number; votes_total: number; votes_left_today: number };

type Statements = ReturnType<typeof prepare>;

function prepare(db: Db) {
  return {
    record: db.prepare<[number, string], { contest_id: number; player_id: number; votes_after: number }>(
      'SELECT contest_id, player_id, votes_after FROM vote_records WHERE user_id = ? AND idempotency_key = ?',
    ),
    player: db.prepare<[number, number], { id: number; votes: number }>(
      'SELECT id, votes FROM players WHERE id = ? AND contest_id = ? AND status = 1',
    ),
    userDay: db.prepare<[number, number, number], { votes: number }>(
      'SELECT votes FROM vote_user_days WHERE contest_id = ? AND user_id = ? AND day = ?',
    ),
    userTotal: db.prepare<[number, number], { votes: number | null }>(
      'SELECT SUM(votes) AS votes FROM vote_user_days WHERE contest_id = ? AND user_id = ?',
    ),
    userPlayerDay: db.prepare<[number, number, number, number], { votes: number }>(
      'SELECT votes FROM vote_user_player_days WHERE contest_id = ? AND user_id = ? AND player_id = ? AND day = ?',
    ),
    insertRecord: db.prepare(
      `INSERT INTO vote_records (contest_id, player_id, user_id, day, count, paid, idempotency_key, votes_after, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, idempotency_key) DO NOTHING`,
    ),
    bumpUserDay: db.prepare(
      `INSERT INTO vote_user_days (contest_id, user_id, day, votes) VALUES (?, ?, ?, 1)
       ON CONFLICT (contest_id, user_id, day) DO UPDATE SET votes = votes + 1`,
    ),
    bumpUserPlayerDay: db.prepare(
      `INSERT INTO vote_user_player_days (contest_id, user_id, player_id, day, votes) VALUES (?, ?, ?, ?, 1)
       ON CONFLICT (contest_id, user_id, player_id, day) DO UPDATE SET votes = votes + 1`,
    ),
    bumpPlayerDay: db.prepare(
      `INSERT INTO vote_player_days (contest_id, day, player_id, votes) VALUES (?, ?, ?, ?)
       ON CONFLICT (contest_id, day, player_id) DO UPDATE SET votes = votes + excluded.votes`,
    ),
    bumpPlayer: db.prepare<[number, number], { votes: number }>(
      'UPDATE players SET votes = votes + ? WHERE id = ? RETURNING votes',
    ),
  };
}

const cache = new WeakMap<Db, Statements>();
function statements(db: Db): Statements {
  let prepared = cache.get(db);
  if (!prepared) {
    prepared = prepare(db);
    cache.set(db, prepared);
  }
  return prepared;
}

function leftToday(contest: ContestRow, today: number, total: number): number {
  const limits: number[] = [];
  if (contest.daily_votes_per_user > 0) limits.push(contest.daily_votes_per_user - today);
  if (contest.total_votes_per_user > 0) limits.push(contest.total_votes_per_user - total);
  return limits.length ? Math.max(0, Math.min(...limits)) : -1;
}

/** The viewer's free votes in a contest: today, in total, and left today (-1: no limit). */
export function userVoteState(db: Db, contest: ContestRow, userId: number, nowMs: number): UserVoteState {
  const s = statements(db);
  const day = cstDay(nowMs);
  const today = s.userDay.get(contest.id, userId, day)?.votes ?? 0;
  const total = s.userTotal.get(contest.id, userId)?.votes ?? 0;
  return { votes_today: today, votes_total: total, votes_left_today: leftToday(contest, today, total) };
}

export type CastInput = { userId: number; contestId: number; playerId: number; key: string; nowMs: number };

/**
 * One free vote: every check first (they only read, and a failed check throws before anything is written), then
 * the writes. Callers run it inside a transaction.
 */
function castInTransaction(db: Db, s: Statements, input: CastInput): CastResult {
  const previous = s.record.get(input.userId, input.key);
  const contest = findContest(db, input.contestId);
  if (previous) {
    if (previous.contest_id !== input.contestId || previous.player_id !== input.playerId)
      throw new ApiFailure(XCODE.badRequest, 'idempotency_key 已用于另一次投票，请换一个');
    return { ...repeatState(db, contest, input), player_id: previous.player_id, votes: previous.votes_after };
  }
  assertOpen(contest, input.nowMs);
  if (!s.player.get(input.playerId, input.contestId)) throw playerNotFound();

  const day = cstDay(input.nowMs);
  const today = s.userDay.get(contest.id, input.userId, day)?.votes ?? 0;
  if (contest.daily_votes_per_user > 0 && today >= contest.daily_votes_per_user)
    throw new ApiFailure(
      VOTE_XCODE.dailyLimit,
      `今日投票次数已用完（每天 ${contest.daily_votes_per_user} 票），明天再来吧`,
    );
  const total = s.userTotal.get(contest.id, input.userId)?.votes ?? 0;
  if (contest.total_votes_per_user > 0 && total >= contest.total_votes_per_user)
    throw new ApiFailure(
      VOTE_XCODE.contestLimit,
      `您在本次评选的投票次数已用完（共 ${contest.total_votes_per_user} 票）`,
    );
  if (contest.votes_per_player_per_day > 0) {
    const forPlayer = s.userPlayerDay.get(contest.id, input.userId, input.playerId, day)?.votes ?? 0;
    if (forPlayer >= contest.votes_per_player_per_day)
      throw new ApiFailure(
        VOTE_XCODE.playerDailyLimit,
        `今天已为该选手投过 ${contest.votes_per_player_per_day} 票，明天再来或为其他选手投票吧`,
      );
  }

  const votes = s.bumpPlayer.get(1, input.playerId)!.votes;
  s.insertRecord.run(
    contest.id,
    input.playerId,
    input.userId,
    day,
    1,
    0,
    input.key,
    votes,
    Math.floor(input.nowMs / 1000),
  );
  s.bumpUserDay.run(contest.id, input.userId, day);
  s.bumpUserPlayerDay.run(contest.id, input.userId, input.playerId, day);
  s.bumpPlayerDay.run(contest.id, day, input.playerId, 1);
  return {
    player_id: input.playerId,
    votes,
    counted: 1,
    repeated: false,
    votes_today: today + 1,
    votes_total: total + 1,
    votes_left_today: leftToday(contest, today + 1, total + 1),
  };
}

/** One free vote in its own transaction (BEGIN IMMEDIATE: no other writer in between). */
export function castVote(db: Db, input: CastInput): CastResult {
  return db.transaction(() => castInTransaction(db, statements(db), input)).immediate();
}

export type CastOutcome = { ok: true; result: CastResult } | { ok: false; error: unknown };

/**
 * Group commit: many votes in ONE transaction, each checked and counted in order exactly as castVote would (a vote's
 * checks see the votes before it). A vote refused by a check wrote nothing, so the others still commit; any other
 * error rolls the whole batch back and every vote in it fails (nothing counted; clients retry with the same keys).
 */
export function castVotes(db: Db, inputs: CastInput[]): CastOutcome[] {
  const s = statements(db);
  try {
    return db
      .transaction(() =>
        inputs.map((input): CastOutcome => {
          try {
            return { ok: true, result: castInTransaction(db, s, input) };
          } catch (error) {
            if (error instanceof ApiFailure) return { ok: false, error };
            throw error;
          }
        }),
      )
      .immediate();
  } catch (error) {
    return inputs.map(() => ({ ok: false, error }));
  }
}

/**
 * Queues votes cast in the same event-loop turn and commits them together (one WAL commit for the batch instead of
 * one per vote): the answer is sent only after the batch committed.
 */
export function voteBatcher(db: Db, maxBatch = 256): (input: CastInput) => Promise<CastResult> {
  let queue: { input: CastInput; resolve(result: CastResult): void; reject(error: unknown): void }[] = [];
  const flush = () => {
    while (queue.length) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      castVotes(
        db,
        batch.map((item) => item.input),
      ).forEach((outcome, index) =>
        outcome.ok ? batch[index].resolve(outcome.result) : batch[index].reject(outcome.error),
      );
    }
  };
  return (input) =>
    new Promise<CastResult>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ input, resolve, reject });
    });
}

function repeatState(db: Db, contest: ContestRow, input: CastInput) {
  return { ...userVoteState(db, contest, input.userId, input.nowMs), counted: 1, repeated: true };
}

/** Credits a paid-vote order: runs inside the payment notification's transaction, once per order. */
export function creditPaidVotes(db: Db, order: Order, nowMs: number): void {
  const s = statements(db);
  const row = db
    .prepare<[number], { contest_id: number; player_id: number; user_id: number; count: number }>(
      'SELECT contest_id, player_id, user_id, count FROM vote_orders WHERE order_id = ? AND credited_at IS NULL',
    )
    .get(order.id);
  if (!row) return;
  const day = cstDay(nowMs);
  const votes = s.bumpPlayer.get(row.count, row.player_id)!.votes;
  const inserted = s.insertRecord.run(
    row.contest_id,
    row.player_id,
    row.user_id,
    day,
    row.count,
    1,
    `order:${order.order_sn}`,
    votes,
    Math.floor(nowMs / 1000),
  ).changes;
  // The record's key is unique: should it exist already, undo the total so the order counts once.
  if (inserted === 0) {
    s.bumpPlayer.get(-row.count, row.player_id);
    return;
  }
  s.bumpPlayerDay.run(row.contest_id, day, row.player_id, row.count);
  db.prepare('UPDATE vote_orders SET credited_at = ? WHERE order_id = ?').run(
    Math.floor(nowMs / 1000),
    order.id,
  );
}

onOrderPaid('vote', (db, order, now) => creditPaidVotes(db, order, now));
