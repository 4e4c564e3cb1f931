/**
 * A cloud live service's side of broadcasts (tencent-css.ts): its callbacks drive the same lifecycle as the embedded
 * ingest, and the stream routes send players on to it.
 *
 * - POST /v3/api/live/css-callback: the service's stream-began, stream-ended and recording callbacks. Each is read only
 *   when signed with the callback key and not expired; it is acknowledged with `{"code":0}` once acted on (the service
 *   retries others). A stream end is a drop to the lifecycle: the service reports an encoder that lost its network
 *   the same way as one that stopped, and the reconnect grace tells them apart; the recording callback, which comes
 *   once the stream is over, ends a broadcast still in its grace and makes the recording its replay.
 * - /streams/live/cloud-<id>/master.m3u8 and /streams/vod/cloud-<id>/master.m3u8: after the same signature check as
 *   every stream URL (so the access gates hold), a redirect to the service's signed play URL, or to the recording.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import type { Lifecycle } from './lifecycle.ts';
import { cloudStream, playUrl, readCallback, type TencentCssSettings } from './tencent-css.ts';

export const CSS_CALLBACK_PATH = '/v3/api/live/css-callback';

/** How long the play URL a player is sent on to stays valid (the player fetches its playlists again and again). */
const PLAY_VALID_MS = 4 * 3600_000;

type Log = { info(message: string): void; warn(message: string): void };

export function cloudBroadcastRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'sql' | 'now' | 'streams'>,
  settings: TencentCssSettings,
  lifecycle: Lifecycle,
  log: Log,
): void {
  const { sql, now } = services;

  app.post(CSS_CALLBACK_PATH, { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const reading = readCallback(settings, request.body, now());
    if (!reading.ok) {
      log.warn(`cloud live callback refused: ${reading.why}`);
      return reply.code(reading.status).send({ code: reading.status, message: reading.why });
    }
    const { callback } = reading;
    const event = await sql
      .selectFrom('events')
      .select('id')
      .where('id', '=', callback.eventId)
      .executeTakeFirst();
    if (!event) {
      log.warn(`cloud live callback for stream ${callback.streamName}: no such event`);
      return reply.code(400).send({ code: 400, message: 'no such event' });
    }
    if (callback.kind === 'recording') {
      const broadcast = await sql
        .selectFrom('broadcasts')
        .select('id')
        .where('event_id', '=', event.id)
        .where('source', '=', 'cloud')
        .where('episode_id', 'is', null)
        .where('state', 'in', ['reconnecting', 'ended', 'interrupted'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!broadcast) {
        log.warn(`cloud recording of stream ${callback.streamName}: no ended broadcast waits for one`);
        return reply.send({ code: 0 });
      }
      await sql
        .updateTable('broadcasts')
        .set({ recording_url: callback.url })
        .where('id', '=', broadcast.id)
        .execute();
      // The recording is written once the stream is over: a broadcast still in its reconnect grace ends now.
      await lifecycle.stopped(broadcast.id, { how: 'stopped' });
      await lifecycle.recorded(broadcast.id, {
        stream: cloudStream(broadcast.id),
        durationS: callback.durationS,
      });
    } else if (callback.kind === 'began') {
      const published = await lifecycle.publish(event.id, 'cloud');
      if (!published.ok)
        log.warn(`cloud stream ${callback.streamName}: refused, the event already has a publisher`);
      else await lifecycle.onAir(published.broadcastId);
    } else {
      const current = await lifecycle.current(event.id);
      if (current) await lifecycle.stopped(current.id, { how: 'dropped' });
    }
    log.info(`cloud live callback: stream ${callback.streamName} ${callback.kind}`);
    return reply.send({ code: 0 });
  });

  const refuse = (reply: FastifyReply, status: 403 | 404) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .send(
        status === 403
          ? { xcode: 403, msg: 'This stream link is invalid or has expired', data: null }
          : { xcode: 404, msg: 'No such stream file', data: null },
      );

  const forward = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    live: boolean,
  ) => {
    const query: { exp?: unknown; sig?: unknown } =
      typeof request.query === 'object' && request.query !== null ? request.query : {};
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (!services.streams.verify(pathname, query.exp, query.sig)) return refuse(reply, 403);
    if (!/^\d{1,12}$/.test(request.params.id)) return refuse(reply, 404);
    const broadcast = await sql
      .selectFrom('broadcasts')
      .select(['event_id', 'state', 'recording_url'])
      .where('id', '=', Number(request.params.id))
      .where('source', '=', 'cloud')
      .executeTakeFirst();
    const target = !broadcast
      ? null
      : live
        ? broadcast.state === 'live' || broadcast.state === 'reconnecting'
          ? playUrl(settings, broadcast.event_id, now(), PLAY_VALID_MS)
          : null
        : broadcast.recording_url;
    if (!target) return refuse(reply, 404);
    return reply.code(302).header('Cache-Control', 'no-store').redirect(target);
  };
  app.get<{ Params: { id: string } }>('/streams/live/cloud-:id/master.m3u8', (request, reply) =>
    forward(request, reply, true),
  );
  app.get<{ Params: { id: string } }>('/streams/vod/cloud-:id/master.m3u8', (request, reply) =>
    forward(request, reply, false),
  );
}
