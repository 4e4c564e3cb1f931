/**
 * Red packets: created unpaid, split into shares when the payment arrives (the order-paid hook, in the payment's
 * transaction), grabbed one share per viewer. A grab claims the lowest unclaimed share with one UPDATE, and a unique
 * (packet, user) index refuses a second share to the same viewer, so concurrent grabs never hand out more shares
 * than exist, never lose one, and never give a viewer two. Unclaimed shares are refunded when the packet expires.
 */
import type { Db } from '../db/database.ts';
import { maskName } from '../engagement/common.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { RED_PACKET_LIMITS, splitRedPacket, type RandomInt } from './split.ts';

export const RED_PACKET_TTL_MS = 24 * 3600 * 1000;

export const RED_PACKET_STATUS = ['unpaid', 'open', 'finished', 'expired'] as const;

export const RED_PACKET_MESSAGES = {
  notFound: 'No such red packet',
  alreadyGrabbed: 'You have already grabbed this red packet',
  allGrabbed: 'All shares of this red packet have been grabbed',
  expired: 'This red packet has expired',
  tooSmall: 'Each share needs at least 0.01',
  tooLarge: `A red packet holds at most ${RED_PACKET_LIMITS.maxTotalCents / 100} in total`,
  tooMany: `A red packet has at most ${RED_PACKET_LIMITS.maxShares} shares`,
} as const;

export type PacketRow = {
  id: number;
  event_id: number;
  sender_id: number;
  total_cents: number;
  share_count: number;
  greeting: string;
  status: 0 | 1 | 2 | 3;
  created_at: number;
  paid_at: number | null;
  expires_at: number | null;
  refunded_cents: number;
};

export function validatePacket(totalCents: number, count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > RED_PACKET_LIMITS.maxShares)
    throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.tooMany);
  if (!Number.isInteger(totalCents) || totalCents < count * RED_PACKET_LIMITS.minShareCents)
    throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.tooSmall);
  if (totalCents > RED_PACKET_LIMITS.maxTotalCents)
    throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.tooLarge);
}

export function createPacket(
  db: Db,
  input: { eventId: number; senderId: number; totalCents: number; count: number; greeting: string },
  now: number,
): number {
  validatePacket(input.totalCents, input.count);
  return Number(
    db
      .prepare(
        'INSERT INTO red_packets (event_id, sender_id, total_cents, share_count, greeting, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(input.eventId, input.senderId, input.totalCents, input.count, input.greeting, now).lastInsertRowid,
  );
}

/** Splits a paid packet into its shares and opens it; false when it was already open (a repeated call). */
export function openPacket(db: Db, packetId: number, now: number, random?: RandomInt): boolean {
  return db.transaction(() => {
    const packet = db
      .prepare(
        'UPDATE red_packets SET status = 1, paid_at = ?, expires_at = ? WHERE id = ? AND status = 0 RETURNING *',
      )
      .get(now, now + RED_PACKET_TTL_MS, packetId) as PacketRow | undefined;
    if (!packet) return false;
    const insert = db.prepare(
      'INSERT INTO red_packet_shares (packet_id, seq, amount_cents) VALUES (?, ?, ?)',
    );
    splitRedPacket(packet.total_cents, packet.share_count, random).forEach((cents, seq) =>
      insert.run(packetId, seq, cents),
    );
    return true;
  })();
}

/**
 * Development and tests only (POST /dev/redpack/expire): the sender's open packet reaches its expiry now, so a
 * browser test sees it expire and its refund arrive without waiting 24 hours. True when it was open.
 */
export function expireSoon(db: Db, packetId: number, senderId: number, now: number): boolean {
  return (
    db
      .prepare('UPDATE red_packets SET expires_at = ? WHERE id = ? AND sender_id = ? AND status = 1')
      .run(now, packetId, senderId).changes > 0
  );
}

/** Expires open packets past their time and records the unclaimed rest as refunded to the sender. */
export function expirePackets(db: Db, now: number): number {
  return db
    .prepare(
      `UPDATE red_packets SET status = 3, refunded_at = ?,
         refunded_cents = (SELECT COALESCE(SUM(amount_cents), 0) FROM red_packet_shares
                           WHERE packet_id = red_packets.id AND user_id IS NULL)
       WHERE status = 1 AND expires_at <= ?`,
    )
    .run(now, now).changes;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/** The grab path's statements, prepared once per database (a grab is the hottest write of a busy event). */
const prepareGrab = (db: Db) => ({
  packet: db.prepare<[number], PacketRow>('SELECT * FROM red_packets WHERE id = ?'),
  mine: db.prepare<[number, number], 1>(
    'SELECT 1 FROM red_packet_shares WHERE packet_id = ? AND user_id = ?',
  ),
  claim: db.prepare<[number, number, number, number], { amount_cents: number }>(
    `UPDATE red_packet_shares SET user_id = ?, grabbed_at = ?
     WHERE packet_id = ? AND user_id IS NULL
       AND seq = (SELECT MIN(seq) FROM red_packet_shares WHERE packet_id = ? AND user_id IS NULL)
     RETURNING amount_cents`,
  ),
  finish: db.prepare<[number, number]>(
    `UPDATE red_packets SET status = 2 WHERE id = ? AND status = 1
       AND NOT EXISTS (SELECT 1 FROM red_packet_shares WHERE packet_id = ? AND user_id IS NULL)`,
  ),
});
const prepared = new WeakMap<Db, ReturnType<typeof prepareGrab>>();

function grabStatements(db: Db) {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = prepareGrab(db)));
  return statements;
}

const isDue = (packet: PacketRow, now: number) =>
  packet.status === 1 && packet.expires_at !== null && packet.expires_at <= now;

/** Grabs one share for the viewer; answers its amount in cents. */
export function grabPacket(db: Db, packetId: number, userId: number, now: number): number {
  const statements = grabStatements(db);
  const before = statements.packet.get(packetId);
  // Expiry is settled (and committed) before the grab, so a refused grab cannot roll it back.
  if (before && isDue(before, now)) expirePackets(db, now);
  return db.transaction(() => {
    const packet = statements.packet.get(packetId);
    if (!packet || packet.status === 0) throw new ApiFailure(XCODE.notFound, RED_PACKET_MESSAGES.notFound);
    if (statements.mine.get(packetId, userId))
      throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.alreadyGrabbed);
    if (packet.status === 3) throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.expired);
    let claimed: { amount_cents: number } | undefined;
    try {
      claimed = statements.claim.get(userId, now, packetId, packetId);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.alreadyGrabbed);
      throw error;
    }
    if (!claimed) throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.allGrabbed);
    statements.finish.run(packetId, packetId);
    return claimed.amount_cents;
  })();
}

/** One line of the grab list: whole for the packet's sender and for the grabber's own line. */
export type GrabLine = { user_id?: number; nickname: string; amount?: number; grabbed_at: number };

/**
 * A packet's state for `viewerId`. Who grabbed how much is the sender's and each grabber's business: the sender sees
 * every line, a grabber their own; everyone else sees masked names, without amounts or user ids.
 */
export function packetState(db: Db, packetId: number, viewerId: number | null, now: number) {
  const due = grabStatements(db).packet.get(packetId);
  if (due && isDue(due, now)) expirePackets(db, now);
  const packet = db
    .prepare('SELECT p.*, u.nickname FROM red_packets p JOIN users u ON u.id = p.sender_id WHERE p.id = ?')
    .get(packetId) as (PacketRow & { nickname: string }) | undefined;
  if (!packet) throw new ApiFailure(XCODE.notFound, RED_PACKET_MESSAGES.notFound);
  const grabs = db
    .prepare(
      `SELECT s.user_id, u.nickname, s.amount_cents AS amount, s.grabbed_at FROM red_packet_shares s
       JOIN users u ON u.id = s.user_id WHERE s.packet_id = ? AND s.user_id IS NOT NULL ORDER BY s.grabbed_at, s.seq`,
    )
    .all(packetId) as { user_id: number; nickname: string; amount: number; grabbed_at: number }[];
  return {
    id: packet.id,
    sender_id: packet.sender_id,
    sender_nickname: packet.nickname,
    greeting: packet.greeting,
    total: packet.total_cents,
    count: packet.share_count,
    remaining_count: packet.status === 0 ? packet.share_count : packet.share_count - grabs.length,
    status: RED_PACKET_STATUS[packet.status],
    expires_at: packet.expires_at ?? 0,
    mine: grabs.find((grab) => grab.user_id === viewerId)?.amount ?? 0,
    grabs: grabs.map((grab): GrabLine =>
      viewerId !== null && (viewerId === packet.sender_id || viewerId === grab.user_id)
        ? grab
        : { nickname: maskName(grab.nickname), grabbed_at: grab.grabbed_at },
    ),
  };
}
