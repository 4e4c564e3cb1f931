/**
 * The reference server: the API under /v2/api and /v3/api (registered from the contract in schemas/api), the built
 * app at /livev3/, and the demo HLS streams. `buildServer` is what tests drive with fastify.inject.
 */
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import { projectRoot, type ServerConfig } from './config.ts';
import { loadContract } from './contract/load.ts';
import { registerContract } from './contract/register.ts';
import { openDatabase, type Db } from './db/database.ts';
import { ApiFailure, XCODE } from './envelope.ts';
import { attachRealtime } from './realtime.ts';
import { seedIfEmpty } from './seed.ts';
import { appRoutes } from './static.ts';
import { streamRoutes } from './streams/plugin.ts';
import { accountHandlers } from './routes/accounts.ts';
import { devCodes } from './auth/sms.ts';
import { qrcodeHandlers } from './routes/qrcodes.ts';
import { videoHandlers } from './routes/video.ts';
import { chatHandlers } from './routes/chat.ts';
import { redpackHandlers } from './routes/redpack.ts';
import { accessHandlers } from './routes/access.ts';
import { liveRoomHandlers } from './routes/live-room.ts';
import { voteHandlers } from './routes/vote.ts';
import { payNotifyRoute, wechatHandlers } from './routes/wechat.ts';
import { wechatCredentials } from './wechat/credentials.ts';
import { sandboxRoutes } from './wechat/sandbox.ts';
import { realWechatLoginApi, sandboxCodeRoute, sandboxWechatLoginApi } from './auth/wechat-login.ts';
import { uploadHandlers } from './routes/uploads.ts';
import { UPLOAD_HOST_PATH, uploadedFiles, uploadHost } from './uploads/host.ts';
import { readUploadSettings, type UploadSettings } from './uploads/settings.ts';

export type BuildOptions = Partial<ServerConfig> & {
  databasePath: string;
  now?: () => number;
  logger?: boolean;
  /** Upload host settings; default from the environment (UPLOAD_DIR, UPLOAD_SECRET, QINIU_*). */
  uploads?: UploadSettings;
};

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

function failure(xcode: number, msg: string) {
  return { xcode, msg, data: null };
}

export async function buildServer(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
  });
  const db = openDatabase(options.databasePath);
  seedIfEmpty(db);
  app.decorate('db', db);
  app.addHook('onClose', async () => db.close());

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiFailure)
      return reply.code(200).send({ xcode: error.xcode, msg: error.message, data: error.data });
    if (error.validation) {
      const detail = error.validation[0];
      const where = `${error.validationContext ?? 'request'}${detail?.instancePath ?? ''}`;
      return reply
        .code(400)
        .send(failure(XCODE.badRequest, `Invalid request: ${where} ${detail?.message ?? 'is invalid'}`));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send(failure(XCODE.tooLarge, 'Request body is too large'));
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(415).send(failure(XCODE.badRequest, 'Unsupported content type'));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(failure(XCODE.badRequest, 'Request body is not valid JSON'));
    }
    if (error.statusCode === 429)
      return reply.code(429).send(failure(XCODE.tooManyRequests, 'Too many requests, please retry later'));
    request.log.error(error);
    return reply.code(500).send(failure(XCODE.internal, 'Internal server error'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(failure(XCODE.notFound, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`)),
  );

  // Form-encoded bodies parse to plain objects, validated by the same schemas as JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const contract = loadContract(path.join(projectRoot, 'schemas/api'));
  const mode = options.mode ?? 'development';
  const credentials = wechatCredentials(process.env, mode);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      xcode: XCODE.tooManyRequests,
      msg: `Too many requests, please retry in ${Math.ceil(context.ttl / 1000)} s`,
      data: null,
    }),
  });
  const now = options.now ?? Date.now;
  const publicOrigin = options.publicOrigin ?? `http://localhost:${options.port ?? 8080}`;
  const uploads = options.uploads ?? readUploadSettings(options.databasePath);
  const wechatLogin = credentials.sandbox
    ? sandboxWechatLoginApi(db, credentials, now)
    : realWechatLoginApi(credentials, {
        appId: process.env.WECHAT_MINI_APP_ID ?? credentials.appId,
        appSecret: process.env.WECHAT_MINI_APP_SECRET ?? credentials.appSecret,
      });
  registerContract(app, contract, {
    ...videoHandlers(db),
    ...accessHandlers(db, now),
    ...liveRoomHandlers(db, now),
    ...accountHandlers(db, { devSms: mode !== 'production', now, wechat: wechatLogin }),
    ...wechatHandlers(db, credentials, options.now),
    ...qrcodeHandlers(publicOrigin),
    ...uploadHandlers(db, uploads, publicOrigin, now),
    ...voteHandlers(db, {
      credentials,
      publicOrigin: options.publicOrigin ?? `http://localhost:${options.port ?? 8080}`,
      now,
    }),
    ...chatHandlers(db, credentials, now),
    ...redpackHandlers(db, credentials, now),
  });
  if (mode !== 'production') {
    // Dev only: the last code sent to a phone (no SMS gateway is wired locally).
    app.get<{ Querystring: { phone?: string } }>('/dev/sms/last', async (request) => ({
      xcode: XCODE.ok,
      msg: 'ok',
      data: { code: devCodes.get(request.query.phone ?? '') ?? null },
    }));
  }
  await app.register(uploadHost, { prefix: UPLOAD_HOST_PATH, db, settings: uploads, now });
  await app.register(uploadedFiles, { db, settings: uploads });
  await app.register(payNotifyRoute, { db, credentials, now: options.now });
  if (credentials.sandbox) await app.register(sandboxCodeRoute, { db, now });
  if (credentials.sandbox)
    await app.register(sandboxRoutes, { db, credentials, publicOrigin: options.publicOrigin });

  await app.register(streamRoutes, {
    streamsDir: options.streamsDir ?? path.join(projectRoot, 'server/media'),
    now: options.now,
  });
  attachRealtime(app, db);
  await app.register(appRoutes, { distDir: options.distDir ?? path.join(projectRoot, 'dist') });
  return app;
}
