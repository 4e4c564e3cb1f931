/**
 * Lotteries: the server decides every outcome. A draw is one short transaction: take one of the viewer's draws for
 * the period with a conditional update (`used < limit`), pick by weight with cryptographic randomness among the prizes
 * still in stock (and the "thanks for taking part" weight), take the prize's stock with a conditional update
 * (`stock > 0`), and record the draw. Two draws racing for the last unit: one update returns the row, the other
 * none and becomes "thanks" (on PostgreSQL the row lock re-checks `stock > 0`), so stock never goes negative.
 *
 * Goods are sent to the delivery address the winner gives; points and coupons are credited in the draw's own
 * transaction: one `engage_lottery_credits` row per winning draw (its primary key, so never twice), then for points
 * the viewer's points balance of the event (`engage_points`, which the daily bonus adds to as well). A coupon is its
 * credit row in the viewer's account. Only a win of goods asks for (and accepts) delivery details.
 */
import crypto from 'node:crypto';
import { sql as raw, type Selectable } from 'kysely';
import type { RequestBody } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import type { EngagementTables, LotteryReward } from '../db/tables/engagement.ts';
import { ENGAGE_XCODE, dayIn, fail, maskName, maskPhone, MOBILE, notFound, windowStatus } from './common.ts';
import { liveWatchSeconds } from './live-watch.ts';

type LotteryRow = Selectable<EngagementTables['engage_lotteries']>;

export type RandomInt = (max: number) => number;
const cryptoInt: RandomInt = (max) => crypto.randomInt(max);

async function lotteryById(sql: Sql, id: number): Promise<LotteryRow> {
  const row = await sql.selectFrom('engage_lotteries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) notFound({ 'zh-CN': '抽奖活动不存在', en: 'No such lottery' });
  return row;
}

const periodOf = (lottery: LotteryRow, now: number) =>
  lottery.draw_period === 'day' ? dayIn(lottery.time_zone, now) : 'total';

/** Whether the viewer meets the lottery's condition (watched N minutes, voted, or filled the information form). */
async function eligible(sql: Sql, lottery: LotteryRow, userId: number): Promise<boolean> {
  const token = lottery.event_token;
  switch (lottery.requirement) {
    case 'none':
      return true;
    case 'info_form': {
      const { rows } = await raw<{
        one: number;
      }>`SELECT 1 AS one FROM info_forms f JOIN events e ON e.id = f.event_id
        WHERE e.token = ${token} AND f.user_id = ${userId} LIMIT 1`.execute(sql);
      return rows.length > 0;
    }
    case 'vote': {
      const { rows } = await raw<{ one: number }>`SELECT 1 AS one FROM vote_records r
        JOIN contests c ON c.id = r.contest_id JOIN events e ON e.id = c.event_id
        WHERE e.token = ${token} AND r.user_id = ${userId} LIMIT 1`.execute(sql);
      return rows.length > 0;
    }
    case 'watch': {
      // Watch time: the time in the live room (server/engagement/live-watch.ts) and the recorded episodes' progress
      // (the furthest position per episode), summed.
      const { rows } = await raw<{ seconds: number | null }>`SELECT SUM(p.position_s) AS seconds
        FROM episode_progress p JOIN episodes ep ON ep.id = p.episode_id JOIN events e ON e.id = ep.event_id
        WHERE e.token = ${token} AND p.user_id = ${userId}`.execute(sql);
      const live = await liveWatchSeconds(sql, userId, token);
      return Number(rows[0]?.seconds ?? 0) + live >= lottery.requirement_value * 60;
    }
  }
}

const requirementText = (lottery: LotteryRow) => {
  switch (lottery.requirement) {
    case 'watch':
      return {
        'zh-CN': `观看直播满 ${lottery.requirement_value} 分钟后才能抽奖`,
        en: `Watch the live room for ${lottery.requirement_value} minutes to draw`,
      };
    case 'vote':
      return { 'zh-CN': '参与投票后才能抽奖', en: 'Vote in the contest to draw' };
    default:
      return { 'zh-CN': '填写信息登记后才能抽奖', en: 'Fill in the information form to draw' };
  }
};

export async function lotteryDetail(sql: Sql, id: number, userId: number | null, now: number) {
  const lottery = await lotteryById(sql, id);
  const prizes = await sql
    .selectFrom('engage_lottery_prizes')
    .select(['id', 'name', 'name_en', 'image', 'position', 'stock', 'reward', 'reward_amount'])
    .where('lottery_id', '=', id)
    .orderBy('position')
    .execute();
  let mine = null;
  if (userId !== null) {
    const counter = await sql
      .selectFrom('engage_lottery_counters')
      .select('used')
      .where('lottery_id', '=', id)
      .where('user_id', '=', userId)
      .where('period', '=', periodOf(lottery, now))
      .executeTakeFirst();
    const wins = await sql
      .selectFrom('engage_lottery_draws')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('lottery_id', '=', id)
      .where('user_id', '=', userId)
      .where('prize_id', 'is not', null)
      .executeTakeFirst();
    const delivery = await sql
      .selectFrom('engage_lottery_deliveries')
      .select('user_id')
      .where('lottery_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const goods = await wonGoods(sql, id, userId);
    mine = {
      draws_left: Math.max(0, lottery.draw_limit - (counter?.used ?? 0)),
      eligible: await eligible(sql, lottery, userId),
      wins: Number(wins?.count ?? 0),
      delivery_given: Boolean(delivery),
      points_balance: await pointsBalance(sql, lottery.event_token, userId),
      needs_delivery: goods && !delivery,
    };
  }
  return {
    id: lottery.id,
    title: lottery.title,
    rules: lottery.rules,
    title_en: lottery.title_en,
    rules_en: lottery.rules_en,
    starts_at: lottery.starts_at,
    ends_at: lottery.ends_at,
    now,
    status: windowStatus(lottery.starts_at, lottery.ends_at, now),
    draw_limit: lottery.draw_limit,
    draw_period: lottery.draw_period,
    requirement: lottery.requirement,
    requirement_minutes: lottery.requirement === 'watch' ? lottery.requirement_value : 0,
    time_zone: lottery.time_zone,
    prizes: [
      ...prizes.map((prize) => ({
        id: prize.id,
        name: prize.name,
        name_en: prize.name_en,
        image: prize.image,
        kind: 'prize' as const,
        in_stock: prize.stock > 0,
        reward: prize.reward,
        reward_amount: prize.reward_amount,
      })),
      // The "thanks for taking part" outcome has its own slot on the wheel and the grid.
      ...(lottery.thanks_weight > 0 ? [THANKS] : []),
    ],
    mine,
  };
}

const THANKS = {
  id: 0,
  name: '',
  name_en: '',
  image: '',
  kind: 'thanks' as const,
  in_stock: true,
  reward: 'none' as const,
  reward_amount: 0,
};

/** The viewer's points balance of an event (what points prizes and the daily bonus add to). */
async function pointsBalance(sql: Sql, eventToken: string, userId: number): Promise<number> {
  const row = await sql
    .selectFrom('engage_points')
    .select('balance')
    .where('event_token', '=', eventToken)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Whether the viewer won goods in this lottery (the only prizes that need a delivery address). */
async function wonGoods(sql: Sql, lotteryId: number, userId: number): Promise<boolean> {
  const row = await sql
    .selectFrom('engage_lottery_draws as d')
    .innerJoin('engage_lottery_prizes as p', 'p.id', 'd.prize_id')
    .select('d.id')
    .where('d.lottery_id', '=', lotteryId)
    .where('d.user_id', '=', userId)
    .where('p.reward', '=', 'goods')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

type Won = { id: number; reward: LotteryReward; reward_amount: number; name: string };

/**
 * Credits a points or coupon prize of a winning draw; runs in the draw's transaction. The credit row's primary key is
 * the draw: whatever runs twice, the balance moves once.
 */
async function creditPrize(
  trx: Sql,
  lottery: LotteryRow,
  userId: number,
  drawId: number,
  prize: Won,
  now: number,
) {
  if (prize.reward === 'goods') return;
  const credit = await trx
    .insertInto('engage_lottery_credits')
    .values({
      draw_id: drawId,
      lottery_id: lottery.id,
      user_id: userId,
      event_token: lottery.event_token,
      reward: prize.reward,
      amount: prize.reward_amount,
      name: prize.name,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column('draw_id').doNothing())
    .returning('draw_id')
    .executeTakeFirst();
  if (!credit || prize.reward !== 'points' || prize.reward_amount <= 0) return;
  await trx
    .insertInto('engage_points')
    .values({
      event_token: lottery.event_token,
      user_id: userId,
      balance: prize.reward_amount,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['event_token', 'user_id']).doUpdateSet((eb) => ({
        balance: eb('engage_points.balance', '+', eb.ref('excluded.balance')),
        updated_at: now,
      })),
    )
    .execute();
}

/** Picks one entry by weight; null is the "thanks" outcome. */
export function pickWeighted<T extends { weight: number }>(
  entries: T[],
  thanksWeight: number,
  randomInt: RandomInt,
): T | null {
  const total = entries.reduce((sum, entry) => sum + entry.weight, thanksWeight);
  if (total <= 0) return null;
  let ticket = randomInt(total);
  for (const entry of entries) {
    if (ticket < entry.weight) return entry;
    ticket -= entry.weight;
  }
  return null;
}

export async function drawOnce(sql: Sql, id: number, userId: number, now: number, randomInt = cryptoInt) {
  const lottery = await lotteryById(sql, id);
  const status = windowStatus(lottery.starts_at, lottery.ends_at, now);
  if (status === 'not_started')
    fail(ENGAGE_XCODE.lotteryNotStarted, { 'zh-CN': '抽奖还未开始', en: 'The lottery has not started yet' });
  if (status === 'ended')
    fail(ENGAGE_XCODE.lotteryEnded, { 'zh-CN': '抽奖已结束', en: 'The lottery has ended' });
  if (!(await eligible(sql, lottery, userId))) fail(ENGAGE_XCODE.notEligible, requirementText(lottery));
  const period = periodOf(lottery, now);
  const outcome = await sql.transaction().execute(async (trx) => {
    await trx
      .insertInto('engage_lottery_counters')
      .values({ lottery_id: id, user_id: userId, period, used: 0 })
      .onConflict((conflict) => conflict.columns(['lottery_id', 'user_id', 'period']).doNothing())
      .execute();
    const counter = await trx
      .updateTable('engage_lottery_counters')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('lottery_id', '=', id)
      .where('user_id', '=', userId)
      .where('period', '=', period)
      .where('used', '<', lottery.draw_limit)
      .returning('used')
      .executeTakeFirst();
    if (!counter) return null;
    const inStock = await trx
      .selectFrom('engage_lottery_prizes')
      .select(['id', 'weight', 'reward', 'reward_amount', 'name'])
      .where('lottery_id', '=', id)
      .where('stock', '>', 0)
      .where('weight', '>', 0)
      .orderBy('position')
      .execute();
    const picked = pickWeighted(inStock, lottery.thanks_weight, randomInt);
    let prizeId: number | null = null;
    if (picked) {
      const taken = await trx
        .updateTable('engage_lottery_prizes')
        .set((eb) => ({ stock: eb('stock', '-', 1) }))
        .where('id', '=', picked.id)
        .where('stock', '>', 0)
        .returning('id')
        .executeTakeFirst();
      prizeId = taken ? picked.id : null;
    }
    const row = await trx
      .insertInto('engage_lottery_draws')
      .values({ lottery_id: id, user_id: userId, prize_id: prizeId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (picked && prizeId !== null) await creditPrize(trx, lottery, userId, row.id, picked, now);
    return { drawId: row.id, prizeId, used: counter.used };
  });
  if (!outcome)
    fail(
      ENGAGE_XCODE.drawLimit,
      lottery.draw_period === 'day'
        ? { 'zh-CN': '今日抽奖次数已用完，明天再来吧', en: 'No draws left today, come back tomorrow' }
        : { 'zh-CN': '抽奖次数已用完', en: 'No draws left' },
    );
  const prize = outcome.prizeId
    ? await sql
        .selectFrom('engage_lottery_prizes')
        .select(['id', 'name', 'name_en', 'image', 'reward', 'reward_amount'])
        .where('id', '=', outcome.prizeId)
        .executeTakeFirstOrThrow()
    : null;
  return {
    draw_id: outcome.drawId,
    won: prize !== null,
    prize: prize ? { ...prize, kind: 'prize' as const, in_stock: true } : THANKS,
    draws_left: Math.max(0, lottery.draw_limit - outcome.used),
    points_balance: prize?.reward === 'points' ? await pointsBalance(sql, lottery.event_token, userId) : null,
  };
}

export type DeliveryInput = RequestBody<'lotteryDeliverySave'>;

export async function saveDelivery(sql: Sql, userId: number, input: DeliveryInput, now: number) {
  await lotteryById(sql, input.lottery_id);
  const name = input.name.trim();
  const address = input.address.trim();
  const phone = input.phone.trim();
  if (!name || !address)
    fail(400, { 'zh-CN': '请填写收货人姓名和地址', en: "Please fill in the recipient's name and address" });
  if (!MOBILE.test(phone))
    fail(ENGAGE_XCODE.badPhone, { 'zh-CN': '请输入正确的手机号', en: 'Please enter a valid mobile number' });
  // Points and coupons were credited when won: only goods are delivered.
  if (!(await wonGoods(sql, input.lottery_id, userId)))
    fail(ENGAGE_XCODE.notAWinner, {
      'zh-CN': '您没有需要寄送的奖品，无需填写收货信息',
      en: 'You have won no prize that needs delivering',
    });
  const saved = await sql
    .insertInto('engage_lottery_deliveries')
    .values({ lottery_id: input.lottery_id, user_id: userId, name, phone, address, created_at: now })
    .onConflict((conflict) => conflict.columns(['lottery_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!saved)
    fail(ENGAGE_XCODE.deliveryGiven, {
      'zh-CN': '收货信息已提交，不能修改',
      en: 'Delivery details were already given and cannot be changed',
    });
  return readDelivery(sql, userId, input.lottery_id);
}

export async function readDelivery(sql: Sql, userId: number, lotteryId: number) {
  await lotteryById(sql, lotteryId);
  const row = await sql
    .selectFrom('engage_lottery_deliveries')
    .select(['name', 'phone', 'address', 'created_at'])
    .where('lottery_id', '=', lotteryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

export async function winningRecord(sql: Sql, userId: number, lotteryId: number) {
  await lotteryById(sql, lotteryId);
  const list = await sql
    .selectFrom('engage_lottery_draws as d')
    .innerJoin('engage_lottery_prizes as p', 'p.id', 'd.prize_id')
    .select([
      'd.id as draw_id',
      'p.id as prize_id',
      'p.name',
      'p.name_en',
      'p.image',
      'd.created_at as won_at',
      'p.reward',
      'p.reward_amount',
    ])
    .where('d.lottery_id', '=', lotteryId)
    .where('d.user_id', '=', userId)
    .orderBy('d.id', 'desc')
    .limit(100)
    .execute();
  return { list, delivery: await readDelivery(sql, userId, lotteryId) };
}

/** Recent winners for the marquee: names and phones masked (the delivery details, else the account's). */
export async function winnerHistory(sql: Sql, lotteryId: number, limit: number) {
  await lotteryById(sql, lotteryId);
  const wins = await sql
    .selectFrom('engage_lottery_draws as d')
    .innerJoin('engage_lottery_prizes as p', 'p.id', 'd.prize_id')
    .leftJoin('engage_lottery_deliveries as v', (join) =>
      join.onRef('v.lottery_id', '=', 'd.lottery_id').onRef('v.user_id', '=', 'd.user_id'),
    )
    .select([
      'd.id',
      'd.user_id',
      'p.name as prize',
      'p.name_en as prize_en',
      'd.created_at as won_at',
      'v.name',
      'v.phone',
    ])
    .where('d.lottery_id', '=', lotteryId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
  const missing = [...new Set(wins.filter((win) => !win.name).map((win) => win.user_id))];
  const accounts = new Map<number, { nickname: string; phone: string | null }>();
  if (missing.length) {
    const { rows } = await raw<{
      id: number;
      nickname: string;
      phone: string | null;
    }>`SELECT id, nickname, phone
      FROM users WHERE id IN (${raw.join(missing)})`.execute(sql);
    for (const row of rows) accounts.set(Number(row.id), row);
  }
  return {
    list: wins.map((win) => {
      const account = accounts.get(win.user_id);
      const name = win.name ?? account?.nickname ?? '';
      const phone = win.phone ?? account?.phone ?? '';
      return {
        id: win.id,
        name: maskName(name),
        phone: phone ? maskPhone(phone) : '',
        prize: win.prize,
        prize_en: win.prize_en,
        won_at: win.won_at,
      };
    }),
  };
}
