/**
 * Gifts and tips: a reward is created unpaid with its payment order (one transaction; a retry with the same key
 * answers the same order, and makes no second reward) and appears in the chat for everyone once the payment arrives (the 'reward' order-paid
 * hook, exactly once per reward by a conditional update).
 */
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { createPaymentOrderFor, type Order, type PaidHook } from '../wechat/orders.ts';
import { announcePaid, CHAT_MESSAGES } from './lines.ts';

export async function giftList(sql: Sql) {
  const gifts = await sql
    .selectFrom('gifts')
    .select(['id', 'name_zh', 'name_en', 'price_cents'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  return gifts.map((gift) => ({
    id: gift.id,
    name: gift.name_zh,
    name_en: gift.name_en,
    price: gift.price_cents,
  }));
}

/**
 * The order paying a gift (`giftId` x `count`) or a tip (`amountCents`). With a key, a retried request finds the order
 * (and its reward) it made before, and of racing first requests only the one whose order claimed the key makes a
 * reward (`createPaymentOrderFor`).
 */
export async function rewardOrder(
  sql: Sql,
  input: {
    eventId: number;
    userId: number;
    giftId?: number;
    count: number;
    amountCents?: number;
    key?: string;
    now: number;
  },
): Promise<Order> {
  let amountCents: number;
  if (input.giftId !== undefined) {
    const gift = await sql
      .selectFrom('gifts')
      .select('price_cents')
      .where('id', '=', input.giftId)
      .executeTakeFirst();
    if (!gift) throw new ApiFailure(XCODE.notFound, CHAT_MESSAGES.noGift);
    amountCents = gift.price_cents * input.count;
  } else if (input.amountCents !== undefined) {
    amountCents = input.amountCents;
  } else {
    throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.noReward);
  }
  return createPaymentOrderFor(
    sql,
    { userId: input.userId, kind: 'reward', amountCents, idempotencyKey: input.key, now: input.now },
    async (trx) => {
      const reward = await trx
        .insertInto('rewards')
        .values({
          event_id: input.eventId,
          user_id: input.userId,
          gift_id: input.giftId ?? null,
          gift_count: input.count,
          amount_cents: amountCents,
          created_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reward.id;
    },
  );
}

/** A paid gift or tip appears in the chat for everyone. */
export const rewardPaid: PaidHook = async (trx, order, now, paid) => {
  const reward = await trx
    .updateTable('rewards')
    .set({ status: 1, paid_at: now })
    .where('id', '=', order.ref_id)
    .where('status', '=', 0)
    .returning(['event_id', 'user_id', 'gift_id', 'gift_count', 'amount_cents'])
    .executeTakeFirst();
  if (!reward) return;
  const gift = reward.gift_id
    ? await trx
        .selectFrom('gifts')
        .select(['name_zh', 'name_en'])
        .where('id', '=', reward.gift_id)
        .executeTakeFirst()
    : undefined;
  await announcePaid(
    trx,
    paid,
    {
      eventId: reward.event_id,
      userId: reward.user_id,
      kind: gift ? 'gift' : 'tip',
      giftName: gift?.name_zh,
      giftNameEn: gift?.name_en,
      giftCount: gift ? reward.gift_count : 0,
      amountCents: reward.amount_cents,
    },
    now,
  );
};
