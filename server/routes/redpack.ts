/**
 * Red packets over HTTP: send (pays through an order of kind 'redpack'; the paid hook splits the packet and announces
 * it in the chat), check and grab. The rules live in server/redpack/packets.ts.
 */
import { optionalViewer, requireViewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { ok, XCODE } from '../envelope.ts';
import {
  createPacket,
  expirePackets,
  expireSoon,
  grabPacket,
  openPacket,
  packetState,
  type PacketRow,
} from '../redpack/packets.ts';
import { packetRefund, payAnswer, type PayRequest } from '../redpack/pay.ts';
import type { WechatCredentials } from '../wechat/credentials.ts';
import { createOrder, onOrderPaid } from '../wechat/orders.ts';
import { wechatRuntime } from '../wechat/pay.ts';
import { insertChatLine, publishAfterCommit } from './chat.ts';
import { findEvent } from './video.ts';

onOrderPaid('redpack', (db, order, now) => {
  if (!openPacket(db, order.ref_id, now)) return;
  const packet = db.prepare('SELECT * FROM red_packets WHERE id = ?').get(order.ref_id) as PacketRow;
  const message = insertChatLine(
    db,
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
  const { token } = db.prepare('SELECT token FROM events WHERE id = ?').get(packet.event_id) as {
    token: string;
  };
  publishAfterCommit(db, token, message);
});

const EXPIRY_SWEEP_MS = 60_000;

export function redpackHandlers(
  db: Db,
  credentials: WechatCredentials,
  now: () => number = Date.now,
): HandlerMap {
  // Packets nobody looks at again still expire and refund on time (check and grab also settle a due packet at once).
  const sweep = setInterval(() => {
    if (!db.open) return clearInterval(sweep);
    // A failing sweep (the database away for a moment) must not take the node down: the next one tries again.
    try {
      expirePackets(db, now());
    } catch (error) {
      console.error('red-packet expiry sweep failed:', error);
    }
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  return {
    async redpackSend(request) {
      const viewer = requireViewer(db, request);
      const body = request.body as PayRequest & { amount: number; count: number; greeting?: string };
      const event = findEvent(db, body.token);
      const at = now();
      const key = body.idempotency_key ? `redpack:${viewer.userId}:${body.idempotency_key}` : undefined;
      const order = db.transaction(() => {
        const existing = key
          ? (db
              .prepare("SELECT ref_id FROM orders WHERE idempotency_key = ? AND kind = 'redpack'")
              .get(key) as { ref_id: number } | undefined)
          : undefined;
        const packetId =
          existing?.ref_id ??
          createPacket(
            db,
            {
              eventId: event.id,
              senderId: viewer.userId,
              totalCents: body.amount,
              count: body.count,
              greeting: (body.greeting ?? '').trim(),
            },
            at,
          );
        return createOrder(db, {
          userId: viewer.userId,
          kind: 'redpack',
          refId: packetId,
          amountCents: body.amount,
          idempotencyKey: key,
          now: at,
        });
      })();
      return ok(await payAnswer(order, body.t_type, credentials, at, request));
    },
    async redpackCheck(request) {
      const { id } = request.query as { id: number };
      const viewerId = optionalViewer(db, request)?.userId ?? null;
      const packet = packetState(db, id, viewerId, now());
      // The sender alone sees the refund of the unclaimed rest.
      const refund =
        viewerId === packet.sender_id ? await packetRefund(wechatRuntime(credentials).sql, id) : null;
      return ok({ ...packet, refund });
    },
    redpackGet(request) {
      const viewer = requireViewer(db, request);
      const { id } = request.query as { id: number };
      return ok({ id, amount: grabPacket(db, id, viewer.userId, now()) });
    },
  };
}

/**
 * Development and tests only (never registered in production): POST /dev/redpack/expire {id} lets the sender's open
 * packet expire now, the browser suite's stand-in for waiting 24 hours.
 */
export function redpackDevRoutes(app: FastifyInstance, db: Db, now: () => number = Date.now) {
  app.post<{ Body: { id?: number } }>('/dev/redpack/expire', async (request, reply) => {
    const viewer = requireViewer(db, request);
    const expired = expireSoon(db, Number(request.body?.id), viewer.userId, now());
    if (!expired)
      return reply.code(404).send({ xcode: XCODE.notFound, msg: 'No open packet of yours', data: null });
    return { xcode: XCODE.ok, msg: 'ok', data: { id: Number(request.body?.id) } };
  });
}
