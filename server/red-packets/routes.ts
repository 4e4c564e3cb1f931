/**
 * Red packets over HTTP: send (pays through an order of kind 'redpack'; the paid hook splits the packet and announces
 * it in the chat), check and grab. The rules live in server/red-packets/packets.ts, the payment in server/red-packets/pay.ts;
 * due packets expire in the refund sweep (server/wechat/setup.ts) and whenever a check or a grab finds them due.
 * Sending and grabbing are part of the event's chat: only for viewers who passed its gates (xcode 40320, as the chat).
 */
import { findViewer, needViewer, type Viewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { FastifyInstance } from 'fastify';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, localize, ok, requestLocale, XCODE } from '../envelope.ts';
import { GATED } from '../realtime.ts';
import { expireSoon, packetGrabber, packetState } from './packets.ts';
import { packetOrder, packetRefund } from './pay.ts';
import { packetPayouts, payoutOf } from './transfers.ts';
import { payAnswer } from '../wechat/pay.ts';
import { loadEvent, mayViewerWatch } from '../events/routes.ts';
import type { Services } from '../services.ts';

/** Packets whose event token is remembered (a packet never changes event); the map starts over beyond this. */
const PACKET_EVENTS_KEPT = 10_000;

/** The token of a packet's event (undefined for no such packet), remembered: every grab asks for it. */
function packetEvents(sql: Sql): (packetId: number) => Promise<string | undefined> {
  const kept = new Map<number, string>();
  return async (packetId) => {
    const known = kept.get(packetId);
    if (known !== undefined) return known;
    const row = await sql
      .selectFrom('red_packets as p')
      .innerJoin('events as e', 'e.id', 'p.event_id')
      .select('e.token')
      .where('p.id', '=', packetId)
      .executeTakeFirst();
    if (!row) return undefined;
    if (kept.size >= PACKET_EVENTS_KEPT) kept.clear();
    kept.set(packetId, row.token);
    return row.token;
  };
}

/** The event's gates (password, payment, information form, phone) hold for its red packets as for its chat. */
async function mustPassGates(
  sql: Sql,
  event: Parameters<typeof mayViewerWatch>[1],
  viewer: Viewer,
  now: number,
): Promise<void> {
  if (!(await mayViewerWatch(sql, event, viewer, now))) throw new ApiFailure(GATED.xcode, GATED.texts);
}

export function redpackHandlers(services: Pick<Services, 'sql' | 'now' | 'events' | 'wechat'>): HandlerMap {
  const { sql, now, events, wechat } = services;
  const grab = packetGrabber(sql);
  const eventOfPacket = packetEvents(sql);
  return {
    async redpackSend(request) {
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      const event = await loadEvent(events, body.token);
      await mustPassGates(sql, event, viewer, now());
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
      return ok(await payAnswer(wechat, order, body.t_type, at, request));
    },
    async redpackCheck(request) {
      const { id } = request.query;
      const viewerId = (await findViewer(sql, request, now()))?.userId ?? null;
      const packet = await packetState(sql, id, viewerId, now());
      // The sender alone sees the refund of the unclaimed rest.
      const refund = viewerId === packet.sender_id ? await packetRefund(sql, id) : null;
      const payouts = viewerId === packet.sender_id ? await packetPayouts(sql, id) : null;
      // The grabber alone sees how their share's transfer to WeChat balance stands.
      const payout =
        viewerId !== null && packet.mine > 0
          ? await payoutOf(sql, wechat.credentials, id, viewerId, requestLocale(request))
          : null;
      return ok({ ...packet, refund, payout, payouts });
    },
    async redpackGet(request) {
      const viewer = await needViewer(sql, request, now());
      const { id } = request.query;
      // No such packet: the grab answers that itself.
      const eventToken = await eventOfPacket(id);
      if (eventToken !== undefined)
        await mustPassGates(sql, await loadEvent(events, eventToken), viewer, now());
      return ok({ id, amount: await grab({ packetId: id, userId: viewer.userId, now: now() }) });
    },
  };
}

/**
 * Development and tests only (never registered in production): POST /dev/redpack/expire {id} lets the sender's open
 * packet expire now, the browser suite's stand-in for waiting 24 hours.
 */
const NO_OPEN_PACKET = { 'zh-CN': '你没有进行中的红包', en: 'No open packet of yours' };

export function redpackDevRoutes(app: FastifyInstance, services: Pick<Services, 'sql' | 'now'>) {
  const { sql, now } = services;
  const schema = { body: { type: 'object', properties: { id: { type: 'integer' } } } };
  app.post<{ Body: { id?: number } }>('/dev/redpack/expire', { schema }, async (request, reply) => {
    const viewer = await needViewer(sql, request, now());
    const expired = await expireSoon(sql, Number(request.body?.id), viewer.userId, now());
    if (!expired)
      return reply.code(404).send({
        xcode: XCODE.notFound,
        msg: localize(NO_OPEN_PACKET, requestLocale(request)),
        data: null,
      });
    return { xcode: XCODE.ok, msg: 'ok', data: { id: Number(request.body?.id) } };
  });
}
