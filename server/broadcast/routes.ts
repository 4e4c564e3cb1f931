/**
 * A broadcast's HLS, through the same signed stream URLs as every stream (server/streams/sign.ts), so the access
 * gates hold: /streams/live/bc-<id>/... while it is on air (the master, and a window of the last segments ffmpeg
 * listed in each rendition), /streams/vod/bc-<id>/... for its replay (the playlists as made VOD). Read from the
 * broadcasts' folder (BROADCAST_DIR).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localize, requestLocale, type LocalizedText } from '../envelope.ts';
import type { Services } from '../services.ts';
import { signPlaylist } from '../streams/sign.ts';
import { subtitleIndex, withUploadedTracks } from '../subtitles/tracks.ts';
import { broadcastStream, liveWindow } from './hls.ts';
import {
  blockingRequest,
  hasPart,
  LIVE_PLAYLIST,
  PART_FILE,
  PlaylistWatch,
  playlistPosition,
  targetDurationOf,
} from './llhls.ts';

/** Segments a live rendition playlist lists (6 s with 1 s segments; hls.js starts 3 from the end). */
export const LIVE_WINDOW_SEGMENTS = 6;

const ID = /^\d{1,12}$/;
const RENDITION = /^[a-z0-9]{1,16}$/;
const FILE = /^(master|index|s\d{5,9}|p\d{6,9})\.(m3u8|ts)$/;
/** Why a low-latency request is refused (400) or not answered in time (503). */
export const LOW_LATENCY_MESSAGES = {
  badDirectives: { 'zh-CN': '播放列表请求参数有误', en: 'Invalid playlist delivery directives' },
  tooFarAhead: {
    'zh-CN': '请求的分片超出直播进度太多',
    en: 'That segment is too far ahead of the live edge',
  },
  notYet: { 'zh-CN': '请求的分片尚未生成', en: 'That part is not there yet' },
} as const satisfies Record<string, LocalizedText>;

/** How long a blocking playlist reload is held, in target durations (RFC 8216bis: three, then 503). */
const HOLD_TARGET_DURATIONS = 3;

/** A stream link's query: its signature, and a blocking playlist request's directives (low-latency HLS). */
type StreamQuery = { exp?: string; sig?: string; _HLS_msn?: string; _HLS_part?: string };

export function broadcastStreamRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'streams' | 'settings' | 'sql' | 'caches' | 'now'>,
): void {
  const signer = services.streams;
  const watch = new PlaylistWatch();

  /**
   * A live rendition's file when the rendition has a low-latency playlist: the playlist once it lists what a blocking
   * request asks for (400 for a request the spec refuses, 503 when the hold is over), a part once it is listed (a
   * preload hint's request waits for its part). Null: no low-latency playlist, or a file it does not concern.
   */
  const lowLatencyAnswer = async (
    folder: string,
    parts: string[],
    query: Record<string, unknown>,
  ): Promise<{ body?: Buffer; status?: 400 | 503; refusal?: keyof typeof LOW_LATENCY_MESSAGES } | null> => {
    const [rendition = '', file = ''] = parts;
    const livePlaylist = path.join(folder, rendition, LIVE_PLAYLIST);
    let text: string;
    try {
      text = fs.readFileSync(livePlaylist, 'utf8');
    } catch {
      return null;
    }
    const position = playlistPosition(text);
    const holdMs = HOLD_TARGET_DURATIONS * targetDurationOf(text) * 1000;
    if (file === 'index.m3u8') {
      const blocking = blockingRequest(query);
      if (blocking === 'bad') return { status: 400, refusal: 'badDirectives' };
      // Without a running transcoder (a publisher gone) the playlist is answered as it is: players poll it.
      if (!blocking || !position.canBlock) return { body: Buffer.from(text) };
      // More than two segments ahead of the last one is a request the server cannot have anything for.
      if (blocking.msn > position.lastSegment + 2) return { status: 400, refusal: 'tooFarAhead' };
      const ready = await watch.wait(
        livePlaylist,
        (current) => {
          const now = playlistPosition(current);
          return !now.canBlock || hasPart(now, blocking.msn, blocking.part);
        },
        holdMs,
      );
      return ready === null ? { status: 503, refusal: 'notYet' } : { body: Buffer.from(ready) };
    }
    const part = PART_FILE.exec(file);
    if (!part || position.parts.has(file) || !position.hint) return null;
    // A part at or just after the preload hint: its request waits until the part is listed.
    const hinted = Number(PART_FILE.exec(position.hint)?.[1] ?? -1);
    const wanted = Number(part[1]);
    if (wanted < hinted || wanted > hinted + 1) return null;
    const listed = await watch.wait(
      livePlaylist,
      (current) => playlistPosition(current).parts.has(file),
      holdMs,
    );
    return listed === null ? { status: 503, refusal: 'notYet' } : null;
  };
  const subtitles = subtitleIndex(services);
  const { dataDir } = services.settings.broadcast;

  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .header('Cache-Control', 'no-store')
      .send({ xcode: 404, msg: 'No such stream file', data: null });

  const send = async (
    request: FastifyRequest<{ Querystring: StreamQuery }>,
    reply: FastifyReply,
    id: string,
    parts: string[],
    live: boolean,
  ) => {
    const file = parts.at(-1) ?? '';
    if (!ID.test(id) || !FILE.test(file) || (parts.length === 2 && !RENDITION.test(parts[0] ?? '')))
      return notFound(reply);
    const query: StreamQuery =
      typeof request.query === 'object' && request.query !== null ? request.query : {};
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (!signer.verify(pathname, query.exp, query.sig))
      return reply
        .code(403)
        .header('Cache-Control', 'no-store')
        .send({ xcode: 403, msg: 'This stream link is invalid or has expired', data: null });
    const folder = path.join(dataDir, broadcastStream(Number(id)));
    // Low latency (llhls.ts): a rendition with a live low-latency playlist is served from it, blocking reloads held.
    const lowLatency = live && parts.length === 2 ? await lowLatencyAnswer(folder, parts, query) : null;
    if (lowLatency?.status)
      return reply
        .code(lowLatency.status)
        .header('Cache-Control', 'no-store')
        .send({
          xcode: lowLatency.status,
          msg: localize(
            lowLatency.refusal === 'badDirectives'
              ? LOW_LATENCY_MESSAGES.badDirectives
              : lowLatency.refusal === 'tooFarAhead'
                ? LOW_LATENCY_MESSAGES.tooFarAhead
                : LOW_LATENCY_MESSAGES.notYet,
            requestLocale(request),
          ),
          data: null,
        });
    let body: Buffer;
    try {
      body = lowLatency?.body ?? fs.readFileSync(path.join(folder, ...parts));
    } catch {
      return notFound(reply);
    }
    if (file.endsWith('.ts')) {
      reply.type('video/mp2t').header('Cache-Control', 'private, max-age=86400');
      return reply.send(body);
    }
    const text = body.toString('utf8');
    const playlist =
      live && parts.length === 2 && !lowLatency ? liveWindow(text, LIVE_WINDOW_SEGMENTS) : text;
    reply.type('application/vnd.apple.mpegurl').header('Cache-Control', 'no-cache');
    const signature = `exp=${String(query.exp)}&sig=${String(query.sig)}`;
    // A replay's master playlist also lists the subtitle tracks organisers uploaded for it (server/subtitles/).
    if (!live && parts.length === 1 && file === 'master.m3u8')
      return subtitles
        .uploaded(broadcastStream(Number(id)))
        .then((tracks) => reply.send(signPlaylist(withUploadedTracks(playlist, tracks), signature)));
    return reply.send(signPlaylist(playlist, signature));
  };

  for (const kind of ['live', 'vod'] as const) {
    app.get<{ Params: { id: string; file: string }; Querystring: StreamQuery }>(
      `/streams/${kind}/bc-:id/:file`,
      (request, reply) => send(request, reply, request.params.id, [request.params.file], kind === 'live'),
    );
    app.get<{ Params: { id: string; rendition: string; file: string }; Querystring: StreamQuery }>(
      `/streams/${kind}/bc-:id/:rendition/:file`,
      (request, reply) =>
        send(
          request,
          reply,
          request.params.id,
          [request.params.rendition, request.params.file],
          kind === 'live',
        ),
    );
  }
}
