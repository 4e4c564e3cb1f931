/**
 * GET /v3/api/video/stream/sign: a fresh signature for a stream URL of the event, for a viewer who still passes the
 * event's gates (the player renews before the old one expires). See server/streams/sign.ts.
 */
import { findViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import type { Services } from '../services.ts';
import { signStreamUrl, unsignedStreamUrl } from './sign.ts';
import { episodeStreamUrl } from '../events/live-room-routes.ts';
import { loadEvent, mayViewerWatch, streamUrls } from '../events/routes.ts';

export const STREAM_MESSAGES = {
  gated: { 'zh-CN': '请先完成观看验证', en: 'Pass the event’s access check first' },
  notFound: { 'zh-CN': '该活动没有这个视频流', en: 'This event has no such stream' },
} as const;

export function streamHandlers(services: Pick<Services, 'sql' | 'now' | 'events' | 'streams'>): HandlerMap {
  const { sql, now, events, streams } = services;
  return {
    async videoStreamSign(request) {
      const { token, url } = request.query;
      const event = await loadEvent(events, token);
      if (!(await mayViewerWatch(sql, event, await findViewer(sql, request, now()), now())))
        throw new ApiFailure(XCODE.forbidden, STREAM_MESSAGES.gated);
      const wanted = unsignedStreamUrl(url);
      const own = streamUrls(event);
      let known = wanted === own.live_url || wanted === own.replay_url;
      if (!known) {
        const episodes = await sql
          .selectFrom('episodes')
          .select(['id', 'stream'])
          .where('event_id', '=', event.id)
          .execute();
        known = episodes.some((episode) => episodeStreamUrl(episode) === wanted);
      }
      if (!known || !wanted) throw new ApiFailure(XCODE.notFound, STREAM_MESSAGES.notFound);
      const signed = signStreamUrl(streams, wanted);
      const expires = Number(new URLSearchParams(signed.split('?')[1] ?? '').get('exp') ?? 0);
      return ok({ url: signed, expires_at: expires });
    },
  };
}
