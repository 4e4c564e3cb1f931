/**
 * Orders and WeChat Pay notifications. Creating an order with a known idempotency key returns the same order; a
 * notification is verified (signature, amount) and marks the order paid exactly once, running the 'order paid'
 * hook of its kind in the same transaction, so a repeated notification changes nothing.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/database.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { paySign } from './sign.ts';

export type OrderKind = 'video' | 'reward' | 'redpack' | 'vote' | 'registration' | 'product';
export type Order = {
  id: number;
  order_sn: string;
  user_id: number;
  kind: OrderKind;
  ref_id: number;
  amount_cents: number;
  status: 0 | 1 | 2;
  prepay_id: string;
  paid_at: number | null;
};

const paidHooks = new Map<OrderKind, (db: Db, order: Order, now: number) => void>();

export function onOrderPaid(kind: OrderKind, hook: (db: Db, order: Order, now: number) => void): void {
  paidHooks.set(kind, hook);
}

export function createOrder(
  db: Db,
  input: {
    userId: number;
    kind: OrderKind;
    refId: number;
    amountCents: number;
    idempotencyKey?: string;
    now: number;
  },
): Order {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw new ApiFailure(XCODE.badRequest, 'Invalid amount');
  if (input.idempotencyKey) {
    const existing = db
      .prepare('SELECT * FROM orders WHERE idempotency_key = ?')
      .get(input.idempotencyKey) as Order | undefined;
    if (existing) return existing;
  }
  const orderSn = `${input.now}${crypto.randomInt(100000, 999999)}`;
  db.prepare(
    `INSERT INTO orders (order_sn, user_id, kind, ref_id, amount_cents, idempotency_key, prepay_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    orderSn,
    input.userId,
    input.kind,
    input.refId,
    input.amountCents,
    input.idempotencyKey ?? null,
    `wx_prepay_${orderSn}`,
    input.now,
  );
  return db.prepare('SELECT * FROM orders WHERE order_sn = ?').get(orderSn) as Order;
}

/** WeChat Pay v2 notifications are flat XML; values may be CDATA-wrapped. */
export function parseXml(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<(\w+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) {
    if (match[1] !== 'xml') fields[match[1]] = match[2] ?? match[3] ?? '';
  }
  return fields;
}

export function toXml(fields: Record<string, string | number>): string {
  return `<xml>${Object.entries(fields)
    .map(([key, value]) => `<${key}><![CDATA[${value}]]></${key}>`)
    .join('')}</xml>`;
}

export type NotificationResult = 'paid' | 'already-paid';

/** The one code path for payment notifications, real or sandbox. Throws on a bad sign, unknown order or amount. */
export function handlePaymentNotification(
  db: Db,
  xml: string,
  apiKey: string,
  now: number,
): NotificationResult {
  const fields = parseXml(xml);
  if (
    !fields.sign ||
    paySign(fields, apiKey, fields.sign_type === 'HMAC-SHA256' ? 'HMAC-SHA256' : 'MD5') !== fields.sign
  ) {
    throw new ApiFailure(XCODE.forbidden, 'Invalid notification signature');
  }
  if (fields.return_code !== 'SUCCESS' || fields.result_code !== 'SUCCESS')
    throw new ApiFailure(XCODE.badRequest, 'Payment not successful');
  return db.transaction((): NotificationResult => {
    const order = db.prepare('SELECT * FROM orders WHERE order_sn = ?').get(fields.out_trade_no) as
      Order | undefined;
    if (!order) throw new ApiFailure(XCODE.notFound, 'Unknown order');
    if (Number(fields.total_fee) !== order.amount_cents)
      throw new ApiFailure(XCODE.badRequest, 'Amount does not match the order');
    const changed = db
      .prepare('UPDATE orders SET status = 1, paid_at = ?, transaction_id = ? WHERE id = ? AND status = 0')
      .run(now, fields.transaction_id || null, order.id).changes;
    if (changed === 0) return 'already-paid';
    paidHooks.get(order.kind)?.(db, { ...order, status: 1 }, now);
    return 'paid';
  })();
}
