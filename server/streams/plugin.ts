import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { livePlaylist, parseMediaPlaylist } from './live.ts';
import { signPlaylist } from './sign.ts';
import { subtitleIndex, withUploadedTracks } from '../subtitles/tracks.ts';

const NAME = /^[a-z0-9-]+$/;
const FILE = /^[a-z0-9-]+\.(m3u8|ts|vtt|jpg)$/;
const TYPES = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  // Segments of WebVTT subtitle tracks (the master playlist lists the tracks).
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
} as const;
const isStreamFile = (extension: string): extension is keyof typeof TYPES => Object.hasOwn(TYPES, extension);

/**
 * HLS demo streams: /streams/vod/<name>/... as recorded, /streams/live/<name>/... as a looping live window.
 * Playlists and segments need a valid signature (server/streams/sign.ts); covers (.jpg) stay public.
 */
export async function streamRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'now' | 'streams' | 'settings' | 'sql' | 'caches'>,
) {
  const { now, streams: signer } = services;
  const subtitles = subtitleIndex(services);
  const { streamsDir } = services.settings;
  // The live clock starts with the server: media sequence numbers stay small (hls.js does per-sequence work when
  // it aligns playlist refreshes, so epoch-sized numbers cost seconds of main-thread time).
  const epochMs = now();

  const notFound = (reply: FastifyReply) =>
    reply.code(404).send({ xcode: 404, msg: 'No such stream file', data: null });

  const send = (request: FastifyRequest, reply: FastifyReply, parts: string[], live: boolean) => {
    if (!parts.every((part, i) => (i === parts.length - 1 ? FILE.test(part) : NAME.test(part))))
      return notFound(reply);
    const file = path.join(streamsDir, ...parts);
    const extension = path.extname(file).slice(1);
    if (!isStreamFile(extension)) return notFound(reply);
    const query: { exp?: unknown; sig?: unknown } =
      typeof request.query === 'object' && request.query !== null ? request.query : {};
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (extension !== 'jpg' && !signer.verify(pathname, query.exp, query.sig))
      return reply
        .code(403)
        .header('Cache-Control', 'no-store')
        .send({ xcode: 403, msg: 'This stream link is invalid or has expired', data: null });
    if (!fs.existsSync(file)) return notFound(reply);
    reply.type(TYPES[extension]);
    if (extension === 'm3u8') {
      // Segments and renditions are fetched by relative URI: each carries the playlist's signature.
      const signature = `exp=${String(query.exp)}&sig=${String(query.sig)}`;
      reply.header('Cache-Control', 'no-cache');
      const text =
        live && parts.length === 3
          ? livePlaylist(parseMediaPlaylist(fs.readFileSync(file, 'utf8')), now(), 8, epochMs)
          : fs.readFileSync(file, 'utf8');
      // A recording's master playlist also lists the subtitle tracks organisers uploaded for it (server/subtitles/).
      if (!live && parts.length === 2 && parts[1] === 'master.m3u8')
        return subtitles
          .uploaded(parts[0] ?? '')
          .then((tracks) => reply.send(signPlaylist(withUploadedTracks(text, tracks), signature)));
      return reply.send(signPlaylist(text, signature));
    }
    // A signed URL is one viewer's: shared caches keep none of it.
    reply.header('Cache-Control', extension === 'jpg' ? 'public, max-age=86400' : 'private, max-age=86400');
    return reply.send(fs.createReadStream(file));
  };

  for (const kind of ['vod', 'live'] as const) {
    app.get<{ Params: { name: string; file: string } }>(`/streams/${kind}/:name/:file`, (request, reply) =>
      send(request, reply, [request.params.name, request.params.file], kind === 'live'),
    );
    app.get<{ Params: { name: string; rendition: string; file: string } }>(
      `/streams/${kind}/:name/:rendition/:file`,
      (request, reply) =>
        send(
          request,
          reply,
          [request.params.name, request.params.rendition, request.params.file],
          kind === 'live',
        ),
    );
  }
}
