/**
 * Refunds through WeChat Pay (`POST /v3/refund/domestic/refunds`). `refundOrder` records the refund first (its
 * `out_refund_no` is unique, so asking twice refunds once), then calls WeChat; a failed call is retried with
 * exponential back-off by `processDueRefunds` (the server runs it on a timer) and stays visible in the refund's
 * state. WeChat's refund notification (verified like a payment notification) moves it to success or closed.
 *
 * Public for every paid feature: red-packet expiry, cancelled or late orders, the shop.
 */
import type { Sql } from '../db/sql.ts';
import type { OrderKind, RefundStatus } from '../db/tables/wechat.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import type { OrderKinds } from './orders.ts';
import { REFUND_REASON_MAX_BYTES, utf8Prefix, WechatApiError, type WechatClient } from './client.ts';

export type RefundDeps = {
  sql: Sql;
  /** What each kind of order does once refunded (server/order-kinds.ts). */
  orderKinds: OrderKinds;
  client: WechatClient;
  now: () => number;
  log?: (message: string) => void;
};

export type Refund = {
  out_refund_no: string;
  order_sn: string;
  amount_cents: number;
  reason: string;
  status: RefundStatus;
  attempts: number;
  refund_id: string | null;
  last_error: string | null;
};

/**
 * What a refund that went through does to what its order bought (a hook per order kind). It runs once per refund, in
 * the transaction that moves the refund to `success` (WeChat's answer or its notification, whichever comes first; a
 * replay changes nothing).
 */
export type RefundedHook = (
  trx: Sql,
  order: { order_sn: string; kind: OrderKind; ref_id: number; amount_cents: number; status: number },
  refund: { out_refund_no: string; amount_cents: number },
  now: number,
) => Promise<void>;

/**
 * Moves a refund to `status` when it is still in one of `from`, and on success runs its order kind's hook in the
 * same transaction. True when this call moved it.
 */
async function moveRefund(
  deps: Pick<RefundDeps, 'sql' | 'now' | 'orderKinds'>,
  refundNo: string,
  from: RefundStatus[],
  set: { status: RefundStatus; refund_id: string | null; last_error?: null },
): Promise<boolean> {
  return deps.sql.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('wechat_refunds')
      .set({ ...set, updated_at: deps.now() })
      .where('out_refund_no', '=', refundNo)
      .where('status', 'in', from)
      .returning(['out_refund_no', 'order_sn', 'amount_cents'])
      .executeTakeFirst();
    if (!moved) return false;
    if (set.status !== 'success') return true;
    const order = await trx
      .selectFrom('orders')
      .select(['order_sn', 'kind', 'ref_id', 'amount_cents', 'status'])
      .where('order_sn', '=', moved.order_sn)
      .executeTakeFirst();
    const hook = order && deps.orderKinds[order.kind].refunded;
    if (order && hook)
      await hook(
        trx,
        order,
        { out_refund_no: moved.out_refund_no, amount_cents: moved.amount_cents },
        deps.now(),
      );
    return true;
  });
}

/** Back-off after the n-th failed attempt: 5 s, 10 s, 20 s ... capped at one hour. */
export const refundBackoffMs = (attempts: number) =>
  Math.min(3600_000, 5000 * 2 ** Math.max(0, attempts - 1));
/** How long one attempt holds its refund (another worker may take it over afterwards). */
const LEASE_MS = 60_000;

/**
 * Refunds `amountCents` (default: the whole order) of a paid order. `key` names this refund (default: one full
 * refund per order); the same key never refunds twice. Resolves with the refund's state after the first attempt.
 */
export async function refundOrder(
  deps: RefundDeps,
  input: { orderSn: string; reason: string; amountCents?: number; key?: string },
): Promise<Refund> {
  const refundNo = await recordRefund(deps, input);
  await attemptRefund(deps, refundNo);
  return (await findRefund(deps.sql, refundNo))!;
}

/**
 * `refundOrder` without waiting for WeChat: the refund is recorded as due (so the refund worker takes it if this
 * process stops) and its first attempt starts in the background. For callers that must answer quickly, like the
 * payment notification of a late payment (WeChat wants its answer within seconds; the refund call may take 10).
 * Resolves with the refund's key once it is recorded.
 */
export async function startRefund(
  deps: RefundDeps,
  input: { orderSn: string; reason: string; amountCents?: number; key?: string },
): Promise<string> {
  const refundNo = await recordRefund(deps, input);
  attemptRefund(deps, refundNo).catch((error: unknown) =>
    deps.log?.(`refund ${refundNo}: first attempt not made: ${(error as Error).message}`),
  );
  return refundNo;
}

/** Records a refund as due now (once per key); its key. */
async function recordRefund(
  deps: RefundDeps,
  input: { orderSn: string; reason: string; amountCents?: number; key?: string },
): Promise<string> {
  const order = await deps.sql
    .selectFrom('orders')
    .select(['order_sn', 'amount_cents', 'status'])
    .where('order_sn', '=', input.orderSn)
    .executeTakeFirst();
  if (!order || order.status === 0)
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '只有已支付的订单可以退款',
      en: 'Only a paid order can be refunded',
    });
  const amount = input.amountCents ?? order.amount_cents;
  if (!Number.isInteger(amount) || amount <= 0 || amount > order.amount_cents)
    throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '退款金额无效', en: 'Invalid refund amount' });
  const refundNo = input.key ?? `R${order.order_sn}`;
  if (!/^[\w*@|-]{1,64}$/.test(refundNo))
    throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '退款单号无效', en: 'Invalid refund key' });
  const at = deps.now();
  await deps.sql
    .insertInto('wechat_refunds')
    .values({
      out_refund_no: refundNo,
      order_sn: order.order_sn,
      amount_cents: amount,
      // Kept as WeChat gets it (at most 80 bytes of UTF-8), so the order detail shows what the payer is told.
      reason: utf8Prefix(input.reason, REFUND_REASON_MAX_BYTES),
      next_attempt_at: at,
      refund_id: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('out_refund_no').doNothing())
    .execute();
  return refundNo;
}

export async function findRefund(sql: Sql, refundNo: string): Promise<Refund | undefined> {
  return sql
    .selectFrom('wechat_refunds')
    .select([
      'out_refund_no',
      'order_sn',
      'amount_cents',
      'reason',
      'status',
      'attempts',
      'refund_id',
      'last_error',
    ])
    .where('out_refund_no', '=', refundNo)
    .executeTakeFirst();
}

/** One attempt, when the refund is due and nobody else holds it (a conditional update takes it). */
async function attemptRefund(deps: RefundDeps, refundNo: string): Promise<void> {
  const at = deps.now();
  const claimed = await deps.sql
    .updateTable('wechat_refunds')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: at + LEASE_MS, updated_at: at }))
    .where('out_refund_no', '=', refundNo)
    .where('status', 'in', ['pending', 'failed'])
    .where('next_attempt_at', '<=', at)
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return;
  const order = await deps.sql
    .selectFrom('orders')
    .select(['amount_cents'])
    .where('order_sn', '=', claimed.order_sn)
    .executeTakeFirstOrThrow();
  try {
    const answer = await deps.client.refund({
      orderSn: claimed.order_sn,
      refundNo,
      amountCents: claimed.amount_cents,
      totalCents: order.amount_cents,
      reason: claimed.reason,
    });
    // ABNORMAL: WeChat accepted the refund but cannot pay it back (the payer's account is closed or frozen). It is
    // not under way: it stays failed and visible, retried with back-off, until the merchant platform settles it.
    if (answer.status === 'ABNORMAL')
      throw new WechatApiError(
        'ABNORMAL',
        'refund abnormal: the payer cannot receive it (merchant platform)',
      );
    const status: RefundStatus =
      answer.status === 'SUCCESS' ? 'success' : answer.status === 'CLOSED' ? 'closed' : 'processing';
    await moveRefund(deps, refundNo, ['pending', 'failed'], {
      status,
      refund_id: answer.refund_id,
      last_error: null,
    });
  } catch (error) {
    const message =
      error instanceof WechatApiError ? `${error.errcode}: ${error.errmsg}` : (error as Error).message;
    deps.log?.(`refund ${refundNo} attempt ${claimed.attempts} failed: ${message}`);
    await deps.sql
      .updateTable('wechat_refunds')
      .set({
        status: 'failed',
        last_error: message.slice(0, 300),
        next_attempt_at: deps.now() + refundBackoffMs(claimed.attempts),
        updated_at: deps.now(),
      })
      .where('out_refund_no', '=', refundNo)
      .execute();
  }
}

/** Retries every refund that is due (failed earlier, or never tried). Returns how many were attempted. */
export async function processDueRefunds(deps: RefundDeps, limit = 20): Promise<number> {
  const due = await deps.sql
    .selectFrom('wechat_refunds')
    .select('out_refund_no')
    .where('status', 'in', ['pending', 'failed'])
    .where('next_attempt_at', '<=', deps.now())
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  for (const { out_refund_no } of due) await attemptRefund(deps, out_refund_no);
  return due.length;
}

/** WeChat's refund notification (decrypted after verification): SUCCESS, CLOSED or ABNORMAL. */
export async function settleRefund(
  deps: Pick<RefundDeps, 'sql' | 'now' | 'orderKinds'>,
  resource: { out_refund_no: string; refund_id?: string; refund_status: string },
): Promise<'updated' | 'unchanged'> {
  const status: RefundStatus | undefined =
    resource.refund_status === 'SUCCESS'
      ? 'success'
      : resource.refund_status === 'CLOSED'
        ? 'closed'
        : resource.refund_status === 'ABNORMAL'
          ? 'failed'
          : undefined;
  if (!status) return 'unchanged';
  const moved = await moveRefund(deps, resource.out_refund_no, ['pending', 'processing', 'failed'], {
    status,
    refund_id: resource.refund_id ?? null,
  });
  return moved ? 'updated' : 'unchanged';
}

/** The refunds of an order (for the order detail). */
export async function refundsOfOrder(sql: Sql, orderSn: string): Promise<Refund[]> {
  return sql
    .selectFrom('wechat_refunds')
    .select([
      'out_refund_no',
      'order_sn',
      'amount_cents',
      'reason',
      'status',
      'attempts',
      'refund_id',
      'last_error',
    ])
    .where('order_sn', '=', orderSn)
    .orderBy('id')
    .execute();
}
