import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { signPlaylist } from '../streams/sign.ts';
import { subtitleIndex } from './tracks.ts';
import { parseWebVtt, segmentTimes, subtitlePlaylist, webVttSegment, type Cue } from './webvtt.ts';

const NAME = /^[a-z0-9-]+$/;
const SEGMENT = /^seg(\d{2,5})\.vtt$/;

/**
 * Uploaded subtitle tracks as HLS: /streams/vod/<recording>/subtitles/<id>/index.m3u8, a WebVTT media playlist with
 * one segment per video segment of the recording, and its segments seg<NN>.vtt. Signed like the recording's other
 * files (the signature covers the recording's folder: server/streams/sign.ts).
 */
export async function subtitleRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'sql' | 'now' | 'streams' | 'settings' | 'caches'>,
) {
  const { sql, streams: signer } = services;
  const index = subtitleIndex(services);
  // Parsed cues of the last tracks served (a segment request would otherwise parse the whole file each time).
  const parsed = new Map<string, Cue[]>();

  const refuse = (reply: FastifyReply, code: 403 | 404) =>
    reply
      .code(code)
      .header('Cache-Control', 'no-store')
      .send({
        xcode: code,
        msg: code === 403 ? 'This stream link is invalid or has expired' : 'No such stream file',
        data: null,
      });

  app.get<{ Params: { name: string; id: string; file: string } }>(
    '/streams/vod/:name/subtitles/:id/:file',
    async (request: FastifyRequest<{ Params: { name: string; id: string; file: string } }>, reply) => {
      const { name, id, file } = request.params;
      if (!NAME.test(name) || !/^\d{1,12}$/.test(id)) return refuse(reply, 404);
      const query: { exp?: unknown; sig?: unknown } =
        typeof request.query === 'object' && request.query !== null ? request.query : {};
      const pathname = request.url.split('?', 1)[0] ?? '';
      if (!signer.verify(pathname, query.exp, query.sig)) return refuse(reply, 403);
      const track = await sql
        .selectFrom('subtitle_tracks')
        .select(['id', 'vtt', 'created_at'])
        .where('id', '=', Number(id))
        .where('stream', '=', name)
        .executeTakeFirst();
      const timing = track && (await index.timing(name));
      if (!track || !timing) return refuse(reply, 404);
      reply.header('Cache-Control', 'private, no-cache');
      if (file === 'index.m3u8') {
        const signature = `exp=${String(query.exp)}&sig=${String(query.sig)}`;
        return reply
          .type('application/vnd.apple.mpegurl')
          .send(signPlaylist(subtitlePlaylist(timing.durations), signature));
      }
      const segment = SEGMENT.exec(file);
      const window = segment && segmentTimes(timing.durations)[Number(segment[1])];
      if (!window) return refuse(reply, 404);
      const key = `${track.id}:${track.created_at}`;
      let cues = parsed.get(key);
      if (!cues) {
        cues = parseWebVtt(track.vtt);
        if (parsed.size >= 50) parsed.clear();
        parsed.set(key, cues);
      }
      return reply
        .type('text/vtt; charset=utf-8')
        .send(webVttSegment(cues, window.start, window.end, timing.firstPts));
    },
  );
}
