/**
 * Orders and WeChat Pay (API v3). Creating an order with a known idempotency key returns the same order. A payment
 * is settled from a verified notification (or from WeChat's answer to an order query): the order is marked paid
 * exactly once by a conditional update, and the 'order paid' hook of its kind runs in the same transaction, so a
 * repeated notification changes nothing. A hook that finds the thing no longer available (contest ended, stock ran
 * out, order expired) throws `OrderNotAvailable`: its writes are undone, the order is closed (status 2) and the
 * payment is refunded through the refund flow (server/wechat/refunds.ts); the order detail tells the viewer.
 */
import crypto from 'node:crypto';
import { sql as raw } from 'kysely';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import type { OrderKind } from '../db/tables/wechat.ts';
import type { Realtime } from '../realtime.ts';
import type { PayTransaction } from './client.ts';
import type { RefundedHook } from './refunds.ts';

export type { OrderKind };
export type Order = {
  id: number;
  order_sn: string;
  user_id: number;
  kind: OrderKind;
  ref_id: number;
  amount_cents: number;
  /** 0 unpaid, 1 paid, 2 paid too late and refunded (closed). */
  status: 0 | 1 | 2;
  /** WeChat's prepay id of the latest JSAPI order, '' until one is made (H5 orders have none). */
  prepay_id: string;
  paid_at: number | null;
};

/** Thrown by an 'order paid' hook when what was bought is no longer available; the payment is refunded. */
export class OrderNotAvailable extends Error {
  constructor(readonly reason: { 'zh-CN': string; en: string }) {
    super(reason.en);
  }
}

/**
 * The contests' rankings as a payment sees them (server/voting/rankings.ts): a paid vote or a player whose fee was
 * paid moves them once committed.
 */
export type PaidRankings = {
  place(contestId: number, players: readonly { id: number; number: number; votes: number }[]): Promise<void>;
};
/** What runs after a payment committed may use: the database, the socket server (a chat line), the rankings. */
export type AfterPayment = { sql: Sql; realtime: Realtime; rankings: PaidRankings };
/**
 * What an 'order paid' hook may ask besides its writes: `afterCommit` runs once the payment's transaction has committed
 * (and not at all when it rolled back or the hook refused), e.g. to announce the payment in the chat. A throwing
 * callback is logged, never undoes the payment.
 */
export type PaidContext = { afterCommit(run: (after: AfterPayment) => void | Promise<void>): void };
/**
 * What a paid order of one kind does, on the query builder (SQLite and PostgreSQL): it runs once, on the transaction
 * that marks the order paid (`trx`), inside a savepoint, so a hook that throws `OrderNotAvailable` leaves nothing
 * behind.
 */
export type PaidHook = (trx: Sql, order: Order, now: number, paid: PaidContext) => Promise<void>;

/** What each kind of order does when it is paid and, where it matters, when its refund went through. */
export type OrderKindRules = { paid: PaidHook; refunded?: RefundedHook };
/** Every kind of order with its rules: a kind without rules is a type error (server/order-kinds.ts fills it). */
export type OrderKinds = Record<OrderKind, OrderKindRules>;

async function runPaidHook(
  trx: Sql,
  kinds: OrderKinds,
  order: Order,
  now: number,
  paid: PaidContext,
): Promise<void> {
  const hook = kinds[order.kind].paid;
  await raw`SAVEPOINT order_paid_hook`.execute(trx);
  try {
    await hook(trx, order, now, paid);
  } catch (error) {
    await raw`ROLLBACK TO SAVEPOINT order_paid_hook`.execute(trx);
    await raw`RELEASE SAVEPOINT order_paid_hook`.execute(trx);
    throw error;
  }
  await raw`RELEASE SAVEPOINT order_paid_hook`.execute(trx);
}

type OrderInput = {
  userId: number;
  kind: OrderKind;
  amountCents: number;
  idempotencyKey?: string;
  now: number;
};

function assertAmount(input: OrderInput): void {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '金额无效', en: 'Invalid amount' });
}

/** The order inserted, or undefined when its idempotency key was taken (unique: the first insert claims it). */
async function insertOrder(sql: Sql, input: OrderInput & { refId: number }): Promise<Order | undefined> {
  const created = await sql
    .insertInto('orders')
    .values({
      order_sn: `${input.now}${crypto.randomInt(100000, 999999)}`,
      user_id: input.userId,
      kind: input.kind,
      ref_id: input.refId,
      amount_cents: input.amountCents,
      idempotency_key: input.idempotencyKey ?? null,
      // WeChat's prepay id once a JSAPI order is made (server/wechat/pay.ts); nothing before, nothing for H5.
      prepay_id: '',
      created_at: input.now,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return created;
}

/** The order that holds the key, which must be the same viewer's and kind's. */
async function orderByKey(sql: Sql, input: OrderInput, key: string): Promise<Order | undefined> {
  const order = await sql
    .selectFrom('orders')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (order && (order.user_id !== input.userId || order.kind !== input.kind))
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': 'idempotency_key 已用于另一笔订单，请换一个',
      en: 'idempotency_key was used for another order; please use a new one',
    });
  return order;
}

/** The order that claimed the key first (the insert that lost waited for it to commit, on PostgreSQL). */
async function claimedOrder(sql: Sql, input: OrderInput, key: string): Promise<Order> {
  const order = await orderByKey(sql, input, key);
  if (!order) throw new Error(`payment order with key ${key} was neither created nor found`);
  return order;
}

/**
 * A new payment order for something that already exists (SQLite and PostgreSQL; pass a transaction to create it
 * with what it pays for); a known idempotency key answers the same order.
 */
export async function createPaymentOrder(sql: Sql, input: OrderInput & { refId: number }): Promise<Order> {
  assertAmount(input);
  const key = input.idempotencyKey;
  const existing = key ? await orderByKey(sql, input, key) : undefined;
  if (existing) return existing;
  // Two calls racing with one key: the unique key keeps the first order, the other answers it.
  return (await insertOrder(sql, input)) ?? claimedOrder(sql, input, key as string);
}

/**
 * A new payment order together with the thing it pays for (a red packet, a gift or tip), in one transaction. With a
 * key, the order's insert comes first and claims the key; only the request whose order landed makes the thing
 * (`make` answers its id) and points the order at it. Concurrent first requests with one key wait for the first's
 * transaction (PostgreSQL), then answer its order and make nothing: one thing, one order, the same answer.
 */
export async function createPaymentOrderFor(
  sql: Sql,
  input: OrderInput,
  make: (trx: Sql) => Promise<number>,
): Promise<Order> {
  assertAmount(input);
  const key = input.idempotencyKey;
  const run = async (trx: Sql): Promise<Order> => {
    if (!key) {
      // Without a key nothing can conflict: the insert always answers the order.
      const order = await insertOrder(trx, { ...input, refId: await make(trx) });
      if (!order) throw new Error('order insert answered no row');
      return order;
    }
    const claimed = await insertOrder(trx, { ...input, refId: 0 });
    if (!claimed) return claimedOrder(trx, input, key);
    const order = await trx
      .updateTable('orders')
      .set({ ref_id: await make(trx) })
      .where('id', '=', claimed.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return order;
  };
  return sql.isTransaction ? run(sql) : sql.transaction().execute(run);
}

export type SettleResult = 'paid' | 'already-paid' | 'refunding' | 'not-paid';

/** Refund reason shown to the viewer when the payment came too late for what it bought. */
export type LateRefund = { orderSn: string; amountCents: number; reason: { 'zh-CN': string; en: string } };

/**
 * Applies WeChat's word on a transaction (decrypted from a verified notification, or from an order query). Only
 * trade_state SUCCESS with the order's exact amount pays; the conditional update makes it happen once.
 */
export async function settleTransaction(
  deps: {
    sql: Sql;
    realtime: Realtime;
    rankings: PaidRankings;
    orderKinds: OrderKinds;
    log?: (message: string) => void;
    onLate?: (late: LateRefund) => Promise<void>;
  },
  transaction: PayTransaction,
  now: number,
): Promise<SettleResult> {
  if (transaction.trade_state !== 'SUCCESS') return 'not-paid';
  const { sql } = deps;
  let late: LateRefund | undefined;
  let afterCommit: ((after: AfterPayment) => void | Promise<void>)[] = [];
  const result = await sql.transaction().execute(async (trx): Promise<SettleResult> => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('order_sn', '=', transaction.out_trade_no)
      .executeTakeFirst();
    if (!order) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '未知订单', en: 'Unknown order' });
    if (transaction.amount?.total !== order.amount_cents)
      throw new ApiFailure(XCODE.badRequest, {
        'zh-CN': '金额与订单不符',
        en: 'Amount does not match the order',
      });
    const updated = await trx
      .updateTable('orders')
      .set({ status: 1, paid_at: now, transaction_id: transaction.transaction_id ?? null })
      .where('id', '=', order.id)
      .where('status', '=', 0)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return 'already-paid';
    const paid: Order = updated;
    try {
      await runPaidHook(trx, deps.orderKinds, paid, now, { afterCommit: (run) => afterCommit.push(run) });
    } catch (error) {
      afterCommit = [];
      if (!(error instanceof OrderNotAvailable)) throw error;
      await trx.updateTable('orders').set({ status: 2 }).where('id', '=', order.id).execute();
      late = { orderSn: order.order_sn, amountCents: order.amount_cents, reason: error.reason };
      return 'refunding';
    }
    return 'paid';
  });
  for (const run of afterCommit) {
    try {
      await run({ sql, realtime: deps.realtime, rankings: deps.rankings });
    } catch (error) {
      deps.log?.(`order ${transaction.out_trade_no}: after payment: ${(error as Error).message}`);
    }
  }
  if (late) {
    deps.log?.(`order ${late.orderSn} paid after it became unavailable (${late.reason.en}): refunding`);
    await deps.onLate?.(late);
  }
  return result;
}
