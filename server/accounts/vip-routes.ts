/**
 * VIP membership: plans (price, days, benefits) and buying one through WeChat Pay (`createPaymentOrder` +
 * `payAnswer`, paid with the app's payFor). The 'vip' order-paid hook extends the membership once per order
 * (vip_orders.applied_at moves from null exactly once), from the later of now and the current expiry.
 *
 * What membership unlocks is decided on the server: paid videos are free for members (the payment gate is waived;
 * passwords, the information form and the phone gate still apply). The access check (server/events/routes.ts) reads the
 * expiry with the viewer's other gates and asks `isMemberAt`; `isVip(sql, userId)` answers the same for other checks.
 * The app only shows it.
 */
import { findViewer, needViewer } from './sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, ok, requestLocale, XCODE } from '../envelope.ts';
import { payAnswer } from '../wechat/pay.ts';
import { createPaymentOrder, type PaidHook } from '../wechat/orders.ts';
import type { Services } from '../services.ts';

const DAY_MS = 86_400_000;

export async function vipExpiry(sql: Sql, userId: number): Promise<number> {
  const row = await sql
    .selectFrom('vip_memberships')
    .select('expires_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.expires_at ?? 0);
}

/** Whether a membership that expires at `expiresAt` (unix ms, null or 0: none) holds at `now`. */
export function isMemberAt(expiresAt: number | null | undefined, now: number): boolean {
  return Number(expiresAt ?? 0) > now;
}

/** Whether the user is a member now: what server-side checks ask. */
export async function isVip(sql: Sql, userId: number, now: number): Promise<boolean> {
  return isMemberAt(await vipExpiry(sql, userId), now);
}

/** A paid membership plan adds its days to the member's expiry, once per order. */
export const vipPlanPaid: PaidHook = async (trx, order, now) => {
  let claimed = await trx
    .updateTable('vip_orders')
    .set({ applied_at: now })
    .where('order_sn', '=', order.order_sn)
    .where('applied_at', 'is', null)
    .returning(['user_id', 'days'])
    .executeTakeFirst();
  if (!claimed) {
    // No unapplied row: either applied already (nothing to do), or the row written when ordering was lost; then the
    // plan the order names (ref_id) gives the days, claimed by the same unique order_sn.
    const plan = await trx
      .selectFrom('vip_plans')
      .select('days')
      .where('id', '=', order.ref_id)
      .executeTakeFirst();
    if (plan)
      claimed = await trx
        .insertInto('vip_orders')
        .values({
          order_sn: order.order_sn,
          user_id: order.user_id,
          plan_id: order.ref_id,
          days: plan.days,
          applied_at: now,
        })
        .onConflict((conflict) => conflict.column('order_sn').doNothing())
        .returning(['user_id', 'days'])
        .executeTakeFirst();
  }
  if (!claimed) return;
  const days = claimed.days * DAY_MS;
  // Extended from the later of now and the current expiry, in the one upsert: two orders of one member paid at the
  // same moment both count (the second waits for the first's row and extends its result).
  await trx
    .insertInto('vip_memberships')
    .values({ user_id: claimed.user_id, expires_at: now + days, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        expires_at: eb(
          eb
            .case()
            .when('vip_memberships.expires_at', '>', now)
            .then(eb.ref('vip_memberships.expires_at'))
            .else(now)
            .end(),
          '+',
          days,
        ),
        updated_at: now,
      })),
    )
    .execute();
};

export function vipHandlers(services: Pick<Services, 'sql' | 'now' | 'wechat'>): HandlerMap {
  const { sql, now, wechat } = services;
  return {
    async vipPlans(request) {
      const locale = requestLocale(request);
      const viewer = await findViewer(sql, request, now());
      const plans = await sql
        .selectFrom('vip_plans')
        .select(['id', 'name_zh', 'name_en', 'price_cents', 'days', 'benefits'])
        .orderBy('position')
        .orderBy('id')
        .execute();
      const expires = viewer ? await vipExpiry(sql, viewer.userId) : 0;
      return ok({
        plans: plans.map((plan) => ({
          id: plan.id,
          name: locale === 'en' ? plan.name_en : plan.name_zh,
          price_cents: plan.price_cents,
          days: plan.days,
          benefits: ((JSON.parse(plan.benefits) as Record<string, string[]>)[locale] ?? []) as string[],
        })),
        expires_at: expires > now() ? expires : 0,
        now: now(),
      });
    },
    async vipOrder(request) {
      const viewer = await needViewer(sql, request, now());
      const { plan_id, t_type, idempotency_key } = request.body;
      const plan = await sql
        .selectFrom('vip_plans')
        .select(['id', 'price_cents', 'days'])
        .where('id', '=', plan_id)
        .executeTakeFirst();
      if (!plan) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '没有这个会员套餐', en: 'No such plan' });
      const order = await createPaymentOrder(sql, {
        userId: viewer.userId,
        kind: 'vip',
        refId: plan.id,
        amountCents: plan.price_cents,
        idempotencyKey: `vip:${viewer.userId}:${idempotency_key}`,
        now: now(),
      });
      await sql
        .insertInto('vip_orders')
        .values({
          order_sn: order.order_sn,
          user_id: viewer.userId,
          plan_id: plan.id,
          days: plan.days,
          applied_at: null,
        })
        .onConflict((conflict) => conflict.column('order_sn').doNothing())
        .execute();
      return ok(await payAnswer(wechat, order, t_type, now(), request));
    },
  };
}
