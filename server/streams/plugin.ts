import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { livePlaylist, parseMediaPlaylist } from './live.ts';

const NAME = /^[a-z0-9-]+$/;
const FILE = /^[a-z0-9-]+\.(m3u8|ts|jpg)$/;
const TYPES = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', jpg: 'image/jpeg' } as const;

/** HLS demo streams: /streams/vod/<name>/... as recorded, /streams/live/<name>/... as a looping live window. */
export async function streamRoutes(
  app: FastifyInstance,
  options: { streamsDir: string; now?: () => number },
) {
  const now = options.now ?? Date.now;
  // The live clock starts with the server: media sequence numbers stay small (hls.js does per-sequence work when
  // it aligns playlist refreshes, so epoch-sized numbers cost seconds of main-thread time).
  const epochMs = now();

  const send = (reply: FastifyReply, parts: string[], live: boolean) => {
    if (!parts.every((part, i) => (i === parts.length - 1 ? FILE.test(part) : NAME.test(part)))) {
      return reply.code(404).send({ xcode: 404, msg: 'No such stream file', data: null });
    }
    const file = path.join(options.streamsDir, ...parts);
    if (!fs.existsSync(file))
      return reply.code(404).send({ xcode: 404, msg: 'No such stream file', data: null });
    const extension = path.extname(file).slice(1) as keyof typeof TYPES;
    reply.type(TYPES[extension]);
    if (live && extension === 'm3u8' && parts.length === 3) {
      reply.header('Cache-Control', 'no-cache');
      return reply.send(livePlaylist(parseMediaPlaylist(fs.readFileSync(file, 'utf8')), now(), 8, epochMs));
    }
    reply.header('Cache-Control', extension === 'm3u8' ? 'no-cache' : 'public, max-age=86400');
    return reply.send(fs.createReadStream(file));
  };

  for (const kind of ['vod', 'live'] as const) {
    app.get<{ Params: { name: string; file: string } }>(`/streams/${kind}/:name/:file`, (request, reply) =>
      send(reply, [request.params.name, request.params.file], kind === 'live'),
    );
    app.get<{ Params: { name: string; rendition: string; file: string } }>(
      `/streams/${kind}/:name/:rendition/:file`,
      (request, reply) =>
        send(reply, [request.params.name, request.params.rendition, request.params.file], kind === 'live'),
    );
  }
}
