/**
 * Red packets and WeChat Pay: the order that pays a packet, the 'redpack' order-paid hook (splits the packet and
 * announces it in the chat once the payment committed), the payment answer (the same for every paid feature,
 * server/wechat/pay.ts) and the refund of an expired packet's unclaimed rest to its sender through WeChat Pay's
 * refund API.
 */
import { announcePaid } from '../chat/lines.ts';
import type { Sql } from '../db/sql.ts';
import type { RefundStatus } from '../db/tables/wechat.ts';
import { createPaymentOrderFor, type Order, type PaidHook } from '../wechat/orders.ts';
import { refundOrder, type RefundDeps } from '../wechat/refunds.ts';
import { createPacket, openPacket } from './packets.ts';

/**
 * The order paying a new packet. With a key, a retried request finds the order (and its packet) it made before, and
 * of racing first requests only the one whose order claimed the key makes a packet (`createPaymentOrderFor`).
 */
export function packetOrder(
  sql: Sql,
  input: {
    eventId: number;
    senderId: number;
    totalCents: number;
    count: number;
    greeting: string;
    key?: string;
  },
  now: number,
): Promise<Order> {
  return createPaymentOrderFor(
    sql,
    {
      userId: input.senderId,
      kind: 'redpack',
      amountCents: input.totalCents,
      idempotencyKey: input.key,
      now,
    },
    (trx) => createPacket(trx, input, now),
  );
}

/** A paid packet is split into its shares and announced in the chat (once: openPacket opens it once). */
export const redPacketPaid: PaidHook = async (trx, order, now, paid) => {
  const packet = await openPacket(trx, order.ref_id, now);
  if (!packet) return;
  await announcePaid(
    trx,
    paid,
    {
      eventId: packet.event_id,
      userId: packet.sender_id,
      kind: 'redpack',
      content: packet.greeting,
      amountCents: packet.total_cents,
      giftCount: packet.share_count,
      packetId: packet.id,
    },
    now,
  );
};

/** The refund key of a packet: one refund per packet, however often the sweep runs. */
export const packetRefundKey = (packetId: number) => `RP${packetId}`;

/**
 * Pays back the unclaimed rest of every expired packet (expirePackets records it in refunded_cents) that has no
 * refund yet: a partial refund of the packet's order. Returns how many refunds it started.
 */
export async function refundExpiredPackets(deps: RefundDeps, limit = 50): Promise<number> {
  const sql: Sql = deps.sql;
  const due = await sql
    .selectFrom('red_packets')
    .innerJoin('orders', (join) =>
      join
        .onRef('orders.ref_id', '=', 'red_packets.id')
        .on('orders.kind', '=', 'redpack')
        .on('orders.status', '=', 1),
    )
    .leftJoin('wechat_refunds', (join) =>
      join
        .onRef('wechat_refunds.order_sn', '=', 'orders.order_sn')
        .on('wechat_refunds.reason', '=', 'red packet expired'),
    )
    .select(['red_packets.id', 'red_packets.refunded_cents', 'orders.order_sn'])
    .where('red_packets.status', '=', 3)
    .where('red_packets.refunded_cents', '>', 0)
    .where('wechat_refunds.id', 'is', null)
    .limit(limit)
    .execute();
  for (const packet of due) {
    try {
      await refundOrder(deps, {
        orderSn: packet.order_sn,
        amountCents: packet.refunded_cents,
        reason: 'red packet expired',
        key: packetRefundKey(packet.id),
      });
    } catch (error) {
      deps.log?.(`red packet ${packet.id} refund not started: ${(error as Error).message}`);
    }
  }
  return due.length;
}

/**
 * The refund of an expired packet's unclaimed rest, as its sender sees it: null until the packet expired with shares
 * unclaimed; 'pending' until the refund sweep recorded it, then the refund's own state.
 */
export async function packetRefund(
  sql: Sql,
  packetId: number,
): Promise<{ status: RefundStatus; amount: number } | null> {
  const packet = await sql
    .selectFrom('red_packets')
    .select(['status', 'refunded_cents'])
    .where('id', '=', packetId)
    .executeTakeFirst();
  if (!packet || packet.status !== 3 || packet.refunded_cents <= 0) return null;
  const refund = await sql
    .selectFrom('wechat_refunds')
    .select('status')
    .where('out_refund_no', '=', packetRefundKey(packetId))
    .executeTakeFirst();
  return { status: refund?.status ?? 'pending', amount: packet.refunded_cents };
}
