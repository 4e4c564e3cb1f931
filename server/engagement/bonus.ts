/**
 * Daily bonus: one claim per viewer per organiser day (the claims' primary key), a streak that continues when
 * yesterday was claimed, and the organiser's reward table (day 1, 2, ...; it repeats after its last day). Concurrent
 * taps race on the insert; exactly one row lands and the others answer "already claimed".
 *
 * The reward is given in the claim's transaction, only by the request whose claim row was inserted (so once per
 * claim): 'points' add to the viewer's points balance of the event (`engage_points`), 'votes' add free votes to the
 * viewer's allowance in the bonus's contest for the contest's day of the claim (`vote_user_days.bonus_votes`, which
 * the vote's own limit check reads from the row it already reads; server/voting/cast.ts).
 */
import type { Sql } from '../db/sql.ts';
import { cstDay } from '../voting/common.ts';
import { ENGAGE_XCODE, addDays, dayIn, fail, notFound } from './common.ts';

async function bonusById(sql: Sql, id: number) {
  const row = await sql.selectFrom('engage_bonuses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) notFound({ 'zh-CN': '每日奖励活动不存在', en: 'No such daily bonus' });
  return { ...row, rewards: JSON.parse(row.rewards) as number[] };
}

/** The reward of the n-th day of a streak (n >= 1). */
export function rewardFor(rewards: number[], streakDay: number): number {
  if (rewards.length === 0) return 0;
  return rewards[(streakDay - 1) % rewards.length];
}

export async function bonusDetail(sql: Sql, id: number, now: number) {
  const bonus = await bonusById(sql, id);
  return {
    id: bonus.id,
    title: bonus.title,
    rules: bonus.rules,
    title_en: bonus.title_en,
    rules_en: bonus.rules_en,
    reward_kind: bonus.reward_kind,
    rewards: bonus.rewards,
    time_zone: bonus.time_zone,
    contest_id: bonus.reward_kind === 'votes' ? bonus.contest_id : null,
    today: dayIn(bonus.time_zone, now),
    now,
  };
}

type BonusRow = Awaited<ReturnType<typeof bonusById>>;

/** The viewer's points balance of the bonus's event. */
async function pointsBalance(sql: Sql, bonus: BonusRow, userId: number): Promise<number> {
  const row = await sql
    .selectFrom('engage_points')
    .select('balance')
    .where('event_token', '=', bonus.event_token)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Free votes a 'votes' bonus added to the viewer's allowance of the contest's current day. */
async function extraVotesToday(sql: Sql, bonus: BonusRow, userId: number, now: number): Promise<number> {
  if (bonus.reward_kind !== 'votes' || bonus.contest_id === null) return 0;
  const row = await sql
    .selectFrom('vote_user_days')
    .select('bonus_votes')
    .where('contest_id', '=', bonus.contest_id)
    .where('user_id', '=', userId)
    .where('day', '=', cstDay(now * 1000))
    .executeTakeFirst();
  return Number(row?.bonus_votes ?? 0);
}

/** Gives a claim's reward; runs in the claim's transaction, right after its row was inserted. */
async function giveReward(trx: Sql, bonus: BonusRow, userId: number, amount: number, now: number) {
  if (amount <= 0) return;
  if (bonus.reward_kind === 'points') {
    await trx
      .insertInto('engage_points')
      .values({ event_token: bonus.event_token, user_id: userId, balance: amount, updated_at: now })
      .onConflict((conflict) =>
        conflict.columns(['event_token', 'user_id']).doUpdateSet((eb) => ({
          balance: eb('engage_points.balance', '+', eb.ref('excluded.balance')),
          updated_at: now,
        })),
      )
      .execute();
    return;
  }
  // A votes bonus linked to no contest was refused before the claim (claimBonus).
  if (bonus.contest_id === null) return;
  await trx
    .insertInto('vote_user_days')
    .values({
      contest_id: bonus.contest_id,
      user_id: userId,
      day: cstDay(now * 1000),
      votes: 0,
      bonus_votes: amount,
    })
    .onConflict((conflict) =>
      conflict.columns(['contest_id', 'user_id', 'day']).doUpdateSet((eb) => ({
        bonus_votes: eb('vote_user_days.bonus_votes', '+', eb.ref('excluded.bonus_votes')),
      })),
    )
    .execute();
}

export async function bonusUserInfo(sql: Sql, id: number, userId: number, now: number) {
  const bonus = await bonusById(sql, id);
  const today = dayIn(bonus.time_zone, now);
  const recent = await sql
    .selectFrom('engage_bonus_claims')
    .select(['day', 'streak', 'amount'])
    .where('bonus_id', '=', id)
    .where('user_id', '=', userId)
    .where('day', '>=', addDays(today, -13))
    .orderBy('day')
    .execute();
  const total = await sql
    .selectFrom('engage_bonus_claims')
    .select((eb) => eb.fn.sum<number>('amount').as('sum'))
    .where('bonus_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const todays = recent.find((claim) => claim.day === today);
  const yesterdays = recent.find((claim) => claim.day === addDays(today, -1));
  const streak = todays?.streak ?? yesterdays?.streak ?? 0;
  const nextDay = todays ? addDays(today, 1) : today;
  return {
    today,
    claimed_today: Boolean(todays),
    streak,
    total: Number(total?.sum ?? 0),
    reward_kind: bonus.reward_kind,
    points: await pointsBalance(sql, bonus, userId),
    extra_votes_today: await extraVotesToday(sql, bonus, userId, now),
    next_reward: { day: nextDay, streak_day: streak + 1, amount: rewardFor(bonus.rewards, streak + 1) },
    claims: recent.map((claim) => ({ day: claim.day, amount: claim.amount })),
  };
}

export async function claimBonus(sql: Sql, id: number, userId: number, now: number) {
  const bonus = await bonusById(sql, id);
  if (bonus.reward_kind === 'votes' && bonus.contest_id === null)
    notFound({ 'zh-CN': '该每日奖励未关联评选活动', en: 'This daily bonus is not linked to a contest' });
  const today = dayIn(bonus.time_zone, now);
  const claim = await sql.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('engage_bonus_claims')
      .select('streak')
      .where('bonus_id', '=', id)
      .where('user_id', '=', userId)
      .where('day', '=', addDays(today, -1))
      .executeTakeFirst();
    const streak = (previous?.streak ?? 0) + 1;
    const amount = rewardFor(bonus.rewards, streak);
    const inserted = await trx
      .insertInto('engage_bonus_claims')
      .values({ bonus_id: id, user_id: userId, day: today, streak, amount, created_at: now })
      .onConflict((conflict) => conflict.columns(['bonus_id', 'user_id', 'day']).doNothing())
      .returning(['day', 'streak', 'amount'])
      .executeTakeFirst();
    // Only the request whose row landed gives the reward: the others (concurrent taps) inserted nothing.
    if (inserted) await giveReward(trx, bonus, userId, inserted.amount, now);
    return inserted;
  });
  if (!claim)
    fail(ENGAGE_XCODE.bonusClaimed, {
      'zh-CN': '今天已经领取过了，明天再来吧',
      en: "You have claimed today's bonus, come back tomorrow",
    });
  return { ...(await bonusUserInfo(sql, id, userId, now)), ...claim };
}
