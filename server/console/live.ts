/**
 * The console's Live section (schemas/api/console-live.json): where an event's encoder pushes (this server's RTMP
 * ingest with the event's stream key, or Tencent Cloud CSS's signed push URL), the broadcast's state, a signed
 * preview of the HLS viewers get while it is live, rotating the key and ending the broadcast. Every call needs
 * event_edit for the organisation owning the event: the key is a secret (never logged here, never shown to other
 * roles).
 */
import type { FastifyInstance } from 'fastify';
import { needViewer } from '../accounts/sessions.ts';
import { rotateStreamKey, streamKeyOf } from '../broadcast/keys.ts';
import { pushTarget } from '../broadcast/tencent-css.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { ContractSchema } from '../contract/types.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { streamUrls } from '../events/routes.ts';
import { requireOrganiserRole } from '../organisations/roles.ts';
import type { Services } from '../services.ts';
import { findEvent } from './events.ts';

type ConsoleLive = ContractSchema<'ConsoleLive'>;

export const LIVE_MESSAGES = {
  notRotatable: {
    'zh-CN': '云直播的推流地址由云服务签名，无需更换推流密钥',
    en: "A cloud push URL is signed with the service's key: there is no stream key to rotate",
  },
  nothingToEnd: { 'zh-CN': '当前没有进行中的直播', en: 'Nothing is being broadcast' },
  notHere: {
    'zh-CN': '推流不在本服务器上，请在推流软件中停止推流',
    en: 'The encoder does not publish to this server: stop it in the encoder',
  },
} as const;

/** What the console calls a broadcast's state (see the contract's ConsoleLive.state). */
function consoleState(broadcast: { state: string } | undefined, liveStatus: number): ConsoleLive['state'] {
  if (!broadcast) return 'idle';
  if (broadcast.state === 'reconnecting') return 'reconnecting';
  if (broadcast.state === 'live') return liveStatus === 1 ? 'live' : 'starting';
  return 'ended';
}

export function consoleLiveHandlers(
  services: Pick<Services, 'sql' | 'now' | 'settings' | 'streams'>,
): HandlerMap {
  const { sql, now, settings, streams } = services;
  const rtmpHost = new URL(settings.publicOrigin).hostname;

  /** The event, once the caller may edit it (refused alike when it is missing and when it is another's). */
  async function editable(userId: number, id: number) {
    const row = await findEvent(sql, id);
    await requireOrganiserRole(sql, userId, row ? row.organisation_id : null, 'event_edit');
    // requireOrganiserRole refuses null: a missing event never gets here.
    return row!;
  }

  const latestBroadcast = (eventId: number) =>
    sql
      .selectFrom('broadcasts')
      .select(['id', 'state', 'source'])
      .where('event_id', '=', eventId)
      .orderBy('id', 'desc')
      .executeTakeFirst();

  async function liveOf(server: FastifyInstance, eventId: number): Promise<ConsoleLive> {
    const [event, broadcast] = await Promise.all([findEvent(sql, eventId), latestBroadcast(eventId)]);
    const state = consoleState(broadcast, event?.live_status ?? 0);
    const cloud = settings.broadcast.cloud;
    const rtmpPort = server.broadcasts.rtmpPort();
    let push: Pick<ConsoleLive, 'ingest' | 'push_server' | 'stream_key' | 'push_url' | 'rotatable'>;
    if (cloud) {
      const target = pushTarget(cloud, eventId, now());
      push = {
        ingest: 'cloud',
        push_server: target.server,
        stream_key: target.streamKey,
        push_url: target.url,
        rotatable: false,
      };
    } else if (rtmpPort !== null) {
      const pushServer = `rtmp://${rtmpHost}:${rtmpPort}/live`;
      const key = await streamKeyOf(sql, eventId, now());
      push = {
        ingest: 'rtmp',
        push_server: pushServer,
        stream_key: key,
        push_url: `${pushServer}/${key}`,
        rotatable: true,
      };
    } else push = { ingest: 'off', push_server: '', stream_key: '', push_url: '', rotatable: false };
    const liveUrl = state === 'live' && event ? streamUrls(event).live_url : '';
    return {
      event_id: eventId,
      ...push,
      state,
      broadcast_id: broadcast?.id ?? null,
      preview_url: liveUrl ? streams.sign(liveUrl) : '',
      may_end:
        state === 'reconnecting' ||
        ((state === 'live' || state === 'starting') && server.broadcasts.publisher.here(eventId)),
    };
  }

  return {
    async consoleLiveGet(request) {
      const viewer = await needViewer(sql, request, now());
      const event = await editable(viewer.userId, request.query.id);
      return ok(await liveOf(request.server, event.id));
    },

    async consoleLiveRotateKey(request) {
      const viewer = await needViewer(sql, request, now());
      const event = await editable(viewer.userId, request.body.id);
      const live = await liveOf(request.server, event.id);
      if (live.ingest === 'cloud') throw new ApiFailure(XCODE.badRequest, LIVE_MESSAGES.notRotatable);
      await rotateStreamKey(sql, event.id, now());
      request.log.info(`event ${event.id}: stream key rotated by user ${viewer.userId}`);
      return ok(await liveOf(request.server, event.id));
    },

    async consoleLiveEnd(request) {
      const viewer = await needViewer(sql, request, now());
      const event = await editable(viewer.userId, request.body.id);
      const { lifecycle, publisher } = request.server.broadcasts;
      const current = await lifecycle.current(event.id);
      if (!current) throw new ApiFailure(XCODE.badRequest, LIVE_MESSAGES.nothingToEnd);
      if (current.state === 'reconnecting') await lifecycle.stopped(current.id, { how: 'stopped' });
      else if (!(await publisher.end(event.id)))
        throw new ApiFailure(XCODE.badRequest, LIVE_MESSAGES.notHere);
      request.log.info(`event ${event.id}: broadcast ${current.id} ended by user ${viewer.userId}`);
      return ok(await liveOf(request.server, event.id));
    },
  };
}
