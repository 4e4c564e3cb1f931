/**
 * A broadcast's HLS, through the same signed stream URLs as every stream (server/streams/sign.ts), so the access
 * gates hold: /streams/live/bc-<id>/... while it is on air (the master, and a window of the last segments ffmpeg
 * listed in each rendition), /streams/vod/bc-<id>/... for its replay (the playlists as made VOD). Read from the
 * broadcasts' folder (BROADCAST_DIR).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { signPlaylist } from '../streams/sign.ts';
import { subtitleIndex, withUploadedTracks } from '../subtitles/tracks.ts';
import { broadcastStream, liveWindow } from './hls.ts';

/** Segments a live rendition playlist lists (6 s with 1 s segments; hls.js starts 3 from the end). */
export const LIVE_WINDOW_SEGMENTS = 6;

const ID = /^\d{1,12}$/;
const RENDITION = /^[a-z0-9]{1,16}$/;
const FILE = /^(master|index|s\d{5,9})\.(m3u8|ts)$/;

export function broadcastStreamRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'streams' | 'settings' | 'sql' | 'caches' | 'now'>,
): void {
  const signer = services.streams;
  const subtitles = subtitleIndex(services);
  const { dataDir } = services.settings.broadcast;

  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .header('Cache-Control', 'no-store')
      .send({ xcode: 404, msg: 'No such stream file', data: null });

  const send = (request: FastifyRequest, reply: FastifyReply, id: string, parts: string[], live: boolean) => {
    const file = parts.at(-1) ?? '';
    if (!ID.test(id) || !FILE.test(file) || (parts.length === 2 && !RENDITION.test(parts[0] ?? '')))
      return notFound(reply);
    const query: { exp?: unknown; sig?: unknown } =
      typeof request.query === 'object' && request.query !== null ? request.query : {};
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (!signer.verify(pathname, query.exp, query.sig))
      return reply
        .code(403)
        .header('Cache-Control', 'no-store')
        .send({ xcode: 403, msg: 'This stream link is invalid or has expired', data: null });
    let body: Buffer;
    try {
      body = fs.readFileSync(path.join(dataDir, broadcastStream(Number(id)), ...parts));
    } catch {
      return notFound(reply);
    }
    if (file.endsWith('.ts')) {
      reply.type('video/mp2t').header('Cache-Control', 'private, max-age=86400');
      return reply.send(body);
    }
    const text = body.toString('utf8');
    const playlist = live && parts.length === 2 ? liveWindow(text, LIVE_WINDOW_SEGMENTS) : text;
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
    app.get<{ Params: { id: string; file: string } }>(`/streams/${kind}/bc-:id/:file`, (request, reply) =>
      send(request, reply, request.params.id, [request.params.file], kind === 'live'),
    );
    app.get<{ Params: { id: string; rendition: string; file: string } }>(
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
