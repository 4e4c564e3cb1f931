/**
 * Red packets: created unpaid, split into shares when the payment arrives (the order-paid hook, in the payment's
 * transaction), grabbed one share per viewer. A grab is one short transaction that holds the packet (its row locked
 * on PostgreSQL; SQLite runs it without a pause, server/db/prepared.ts), claims the lowest unclaimed share with one
 * conditional UPDATE, and a unique (packet, user) index refuses a second share to the same viewer, so concurrent grabs
 * never hand out more shares than exist, never lose one, and never give a viewer two. Unclaimed shares are refunded
 * when the packet expires; the expiry holds the packet the same way, so no grab lands between its sum and its update.
 */
import type { NotNull, Selectable } from 'kysely';
import { engineOf, isUniqueViolation, lockedForUpdate } from '../db/engine.ts';
import {
  first,
  groupCommit,
  one,
  prepared,
  runTransaction,
  sqliteBatch,
  type Steps,
} from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Sql } from '../db/sql.ts';
import { maskName } from '../engagement/common.ts';
import { ApiFailure, XCODE, type LocalizedText } from '../envelope.ts';
import { transferBillNo } from './transfers.ts';
import { RED_PACKET_LIMITS, splitRedPacket, type RandomInt } from './split.ts';

export const RED_PACKET_TTL_MS = 24 * 3600 * 1000;

export const RED_PACKET_STATUS = ['unpaid', 'open', 'finished', 'expired'] as const;

/** What a viewer is told, in both languages (the request's locale picks one). */
export const RED_PACKET_MESSAGES = {
  notFound: { 'zh-CN': '红包不存在', en: 'No such red packet' },
  alreadyGrabbed: { 'zh-CN': '你已经抢过这个红包了', en: 'You have already grabbed this red packet' },
  allGrabbed: { 'zh-CN': '手慢了，红包已抢完', en: 'All shares of this red packet have been grabbed' },
  expired: { 'zh-CN': '红包已过期', en: 'This red packet has expired' },
  tooSmall: {
    'zh-CN': `每个红包至少 ${(RED_PACKET_LIMITS.minShareCents / 100).toFixed(2)} 元`,
    en: `Each share needs at least ${(RED_PACKET_LIMITS.minShareCents / 100).toFixed(2)}`,
  },
  tooLarge: {
    'zh-CN': `红包总额不能超过 ${RED_PACKET_LIMITS.maxTotalCents / 100} 元`,
    en: `A red packet holds at most ${RED_PACKET_LIMITS.maxTotalCents / 100} in total`,
  },
  tooMany: {
    'zh-CN': `红包个数不能超过 ${RED_PACKET_LIMITS.maxShares} 个`,
    en: `A red packet has at most ${RED_PACKET_LIMITS.maxShares} shares`,
  },
} as const satisfies Record<string, LocalizedText>;

/** A red packet as stored; `status` indexes RED_PACKET_STATUS. */
export type PacketRow = Selectable<Database['red_packets']>;

export function validatePacket(totalCents: number, count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > RED_PACKET_LIMITS.maxShares)
    throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.tooMany);
  if (!Number.isInteger(totalCents) || totalCents < count * RED_PACKET_LIMITS.minShareCents)
    throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.tooSmall);
  if (totalCents > RED_PACKET_LIMITS.maxTotalCents)
    throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.tooLarge);
}

export async function createPacket(
  sql: Sql,
  input: { eventId: number; senderId: number; totalCents: number; count: number; greeting: string },
  now: number,
): Promise<number> {
  validatePacket(input.totalCents, input.count);
  const row = await sql
    .insertInto('red_packets')
    .values({
      event_id: input.eventId,
      sender_id: input.senderId,
      total_cents: input.totalCents,
      share_count: input.count,
      greeting: input.greeting,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Splits a paid packet into its shares and opens it (run it on the payment's transaction); undefined when it was
 * already open (a repeated call): the conditional update opens it once.
 */
export async function openPacket(
  trx: Sql,
  packetId: number,
  now: number,
  random?: RandomInt,
): Promise<PacketRow | undefined> {
  const packet = await trx
    .updateTable('red_packets')
    .set({ status: 1, paid_at: now, expires_at: now + RED_PACKET_TTL_MS })
    .where('id', '=', packetId)
    .where('status', '=', 0)
    .returningAll()
    .executeTakeFirst();
  if (!packet) return undefined;
  await trx
    .insertInto('red_packet_shares')
    .values(
      splitRedPacket(packet.total_cents, packet.share_count, random).map((cents, seq) => ({
        packet_id: packetId,
        seq,
        amount_cents: cents,
      })),
    )
    .execute();
  return packet;
}

/**
 * Development and tests only (POST /dev/redpack/expire): the sender's open packet reaches its expiry now, so a
 * browser test sees it expire and its refund arrive without waiting 24 hours. True when it was open.
 */
export async function expireSoon(
  sql: Sql,
  packetId: number,
  senderId: number,
  now: number,
): Promise<boolean> {
  const row = await sql
    .updateTable('red_packets')
    .set({ expires_at: now })
    .where('id', '=', packetId)
    .where('sender_id', '=', senderId)
    .where('status', '=', 1)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

const q = {
  /** The packet, held until the transaction ends (PostgreSQL's row lock; SQLite has one writer). */
  packet: prepared((sql, p) =>
    lockedForUpdate(sql, sql.selectFrom('red_packets').selectAll().where('id', '=', p('id'))),
  ),
  mine: prepared((sql, p) =>
    sql
      .selectFrom('red_packet_shares')
      .select('seq')
      .where('packet_id', '=', p('packet'))
      .where('user_id', '=', p('user')),
  ),
  claim: prepared((sql, p) =>
    sql
      .updateTable('red_packet_shares')
      .set({ user_id: p('user'), grabbed_at: p('now') })
      .where('packet_id', '=', p('packet'))
      .where('user_id', 'is', null)
      .where('seq', '=', (eb) =>
        eb
          .selectFrom('red_packet_shares')
          .select((inner) => inner.fn.min('seq').as('seq'))
          .where('packet_id', '=', p('packet'))
          .where('user_id', 'is', null),
      )
      .returning(['amount_cents', 'seq']),
  ),
  /** The grabbed share's payout to the grabber's WeChat balance (server/red-packets/transfers.ts): one per grab. */
  transfer: prepared((sql, p) =>
    sql.insertInto('red_packet_transfers').values({
      packet_id: p('packet'),
      seq: p('seq'),
      user_id: p('user'),
      amount_cents: p('amount'),
      out_bill_no: p('bill'),
      next_attempt_at: p('now'),
      created_at: p('now'),
      updated_at: p('now'),
    }),
  ),
  finish: prepared((sql, p) =>
    sql
      .updateTable('red_packets')
      .set({ status: 2 })
      .where('id', '=', p('id'))
      .where('status', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('red_packet_shares')
              .select('seq')
              .where('packet_id', '=', p('id'))
              .where('user_id', 'is', null),
          ),
        ),
      ),
  ),
  unclaimed: prepared((sql, p) =>
    sql
      .selectFrom('red_packet_shares')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount_cents'), eb.lit(0)).as('rest'))
      .where('packet_id', '=', p('packet'))
      .where('user_id', 'is', null),
  ),
  expire: prepared((sql, p) =>
    sql
      .updateTable('red_packets')
      .set({ status: 3, refunded_at: p('now'), refunded_cents: p('rest') })
      .where('id', '=', p('id'))
      .where('status', '=', 1),
  ),
};

const isDue = (packet: PacketRow, now: number) =>
  packet.status === 1 && packet.expires_at !== null && Number(packet.expires_at) <= now;

/** Expires a held packet that is due and records its unclaimed rest as refunded to the sender. */
function* expireSteps(packet: PacketRow, now: number): Steps<void> {
  const { rest } = yield* one(q.unclaimed, { packet: packet.id });
  yield* first(q.expire, { id: packet.id, now, rest: Number(rest) });
}

function* expireIfDue(packetId: number, now: number): Steps<boolean> {
  const packet = yield* first(q.packet, { id: packetId });
  if (!packet || !isDue(packet, now)) return false;
  yield* expireSteps(packet, now);
  return true;
}

/** Expires open packets past their time (each in a short transaction of its own); answers how many. */
export async function expirePackets(sql: Sql, now: number): Promise<number> {
  const due = await sql
    .selectFrom('red_packets')
    .select('id')
    .where('status', '=', 1)
    .where('expires_at', '<=', now)
    .orderBy('id')
    .execute();
  let expired = 0;
  for (const { id } of due) if (await runTransaction(sql, () => expireIfDue(id, now))) expired += 1;
  return expired;
}

type Refusal = 'alreadyGrabbed' | 'allGrabbed' | 'expired';

/**
 * One grab, on the held packet. A packet found due expires here and the grab is refused after the expiry committed
 * (answered as a refusal, not thrown, so the transaction keeps the expiry).
 */
function* grabSteps(packetId: number, userId: number, now: number): Steps<{ amount: number } | Refusal> {
  const packet = yield* first(q.packet, { id: packetId });
  if (!packet || packet.status === 0) throw new ApiFailure(XCODE.notFound, RED_PACKET_MESSAGES.notFound);
  const due = isDue(packet, now);
  if (due) yield* expireSteps(packet, now);
  if (yield* first(q.mine, { packet: packetId, user: userId })) return 'alreadyGrabbed';
  if (due || packet.status === 3) return 'expired';
  const claimed = yield* first(q.claim, { user: userId, now, packet: packetId });
  if (!claimed) return 'allGrabbed';
  yield* first(q.transfer, {
    packet: packetId,
    seq: claimed.seq,
    user: userId,
    amount: claimed.amount_cents,
    bill: transferBillNo(packetId, claimed.seq),
    now,
  });
  yield* first(q.finish, { id: packetId });
  return { amount: claimed.amount_cents };
}

/** A grab's amount in cents, or its refusal as the error the viewer reads. */
function grabbed(outcome: { amount: number } | Refusal): number {
  if (typeof outcome === 'string') throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES[outcome]);
  return outcome.amount;
}

/** Grabs one share for the viewer, in a transaction of its own; answers its amount in cents. */
export async function grabPacket(sql: Sql, packetId: number, userId: number, now: number): Promise<number> {
  let outcome: { amount: number } | Refusal;
  try {
    outcome = await runTransaction(sql, () => grabSteps(packetId, userId, now));
  } catch (error) {
    // The unique (packet, user) index: a second share for the same viewer (a grab that raced with this one).
    if (isUniqueViolation(error)) throw new ApiFailure(XCODE.badRequest, RED_PACKET_MESSAGES.alreadyGrabbed);
    throw error;
  }
  return grabbed(outcome);
}

export type GrabInput = { packetId: number; userId: number; now: number };

/**
 * The grab endpoint's grabber. SQLite: the grabs of one event-loop turn are committed together (`sqliteBatch`: one
 * WAL commit per batch, each grab run in order as it would run alone, so a viewer's second grab sees the first and
 * the shares run out exactly), each answered after its batch committed. PostgreSQL: one transaction per grab,
 * concurrently (the claim's row lock and the unique index keep them apart).
 */
export function packetGrabber(sql: Sql, maxBatch = 256): (input: GrabInput) => Promise<number> {
  if (engineOf(sql) === 'postgres')
    return ({ packetId, userId, now }) => grabPacket(sql, packetId, userId, now);
  const grab = groupCommit(
    (inputs: GrabInput[]) =>
      sqliteBatch(
        sql,
        inputs,
        (run, { packetId, userId, now }) => run(grabSteps(packetId, userId, now)),
        () => undefined,
        (error) => error instanceof ApiFailure,
      ),
    maxBatch,
  );
  return async (input) => grabbed(await grab(input));
}

/** One line of the grab list: whole for the packet's sender and for the grabber's own line. */
export type GrabLine = { user_id?: number; nickname: string; amount?: number; grabbed_at: number };

/**
 * A packet's state for `viewerId`. Who grabbed how much is the sender's and each grabber's business: the sender sees
 * every line, a grabber their own; everyone else sees masked names, without amounts or user ids.
 */
export async function packetState(sql: Sql, packetId: number, viewerId: number | null, now: number) {
  await runTransaction(sql, () => expireIfDue(packetId, now));
  const packet = await sql
    .selectFrom('red_packets as p')
    .innerJoin('users as u', 'u.id', 'p.sender_id')
    .selectAll('p')
    .select('u.nickname')
    .where('p.id', '=', packetId)
    .executeTakeFirst();
  if (!packet) throw new ApiFailure(XCODE.notFound, RED_PACKET_MESSAGES.notFound);
  const grabs = await sql
    .selectFrom('red_packet_shares as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 'u.nickname', 's.amount_cents as amount', 's.grabbed_at'])
    .where('s.packet_id', '=', packetId)
    .where('s.user_id', 'is not', null)
    .$narrowType<{ user_id: NotNull }>()
    .orderBy('s.grabbed_at')
    .orderBy('s.seq')
    .execute();
  const lines = grabs.map((grab) => ({
    user_id: grab.user_id,
    nickname: grab.nickname,
    amount: grab.amount,
    grabbed_at: Number(grab.grabbed_at),
  }));
  return {
    id: packet.id,
    sender_id: packet.sender_id,
    sender_nickname: packet.nickname,
    greeting: packet.greeting,
    total: packet.total_cents,
    count: packet.share_count,
    remaining_count: packet.status === 0 ? packet.share_count : packet.share_count - lines.length,
    status: RED_PACKET_STATUS[packet.status],
    expires_at: Number(packet.expires_at ?? 0),
    mine: lines.find((grab) => grab.user_id === viewerId)?.amount ?? 0,
    grabs: lines.map((grab): GrabLine =>
      viewerId !== null && (viewerId === packet.sender_id || viewerId === grab.user_id)
        ? grab
        : { nickname: maskName(grab.nickname), grabbed_at: grab.grabbed_at },
    ),
  };
}
