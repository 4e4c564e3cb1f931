/**
 * Red packets over HTTP: send (pays through an order of kind 'redpack'; the paid hook splits the packet and announces
 * it in the chat), check and grab. The rules live in server/redpack/packets.ts, the payment in server/redpack/pay.ts;
 * due packets expire in the refund sweep (server/wechat/setup.ts) and whenever a check or a grab finds them due.
 */
import { findViewer, needViewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { FastifyInstance } from 'fastify';
import type { Sql } from '../db/sql.ts';
import { ok, XCODE } from '../envelope.ts';
import { expireSoon, packetGrabber, packetState } from '../redpack/packets.ts';
import { packetOrder, packetRefund, payAnswer } from '../redpack/pay.ts';
import type { WechatCredentials } from '../wechat/credentials.ts';
import { loadEvent } from './video.ts';

export function redpackHandlers(sql: Sql, credentials: WechatCredentials, now: () => number): HandlerMap {
  const grab = packetGrabber(sql);
  return {
    async redpackSend(request) {
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      const event = await loadEvent(sql, body.token);
      const at = now();
      const order = await packetOrder(
        sql,
        {
          eventId: event.id,
          senderId: viewer.userId,
          totalCents: body.amount,
          count: body.count,
          greeting: (body.greeting ?? '').trim(),
          key: body.idempotency_key ? `redpack:${viewer.userId}:${body.idempotency_key}` : undefined,
        },
        at,
      );
      return ok(await payAnswer(order, body.t_type, credentials, at, request));
    },
    async redpackCheck(request) {
      const { id } = request.query;
      const viewerId = (await findViewer(sql, request, now()))?.userId ?? null;
      const packet = await packetState(sql, id, viewerId, now());
      // The sender alone sees the refund of the unclaimed rest.
      const refund = viewerId === packet.sender_id ? await packetRefund(sql, id) : null;
      return ok({ ...packet, refund });
    },
    async redpackGet(request) {
      const viewer = await needViewer(sql, request, now());
      const { id } = request.query;
      return ok({ id, amount: await grab({ packetId: id, userId: viewer.userId, now: now() }) });
    },
  };
}

/**
 * Development and tests only (never registered in production): POST /dev/redpack/expire {id} lets the sender's open
 * packet expire now, the browser suite's stand-in for waiting 24 hours.
 */
export function redpackDevRoutes(app: FastifyInstance, now: () => number) {
  app.post<{ Body: { id?: number } }>('/dev/redpack/expire', async (request, reply) => {
    const viewer = await needViewer(app.sql, request, now());
    const expired = await expireSoon(app.sql, Number(request.body?.id), viewer.userId, now());
    if (!expired)
      return reply.code(404).send({ xcode: XCODE.notFound, msg: 'No open packet of yours', data: null });
    return { xcode: XCODE.ok, msg: 'ok', data: { id: Number(request.body?.id) } };
  });
}
