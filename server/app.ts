/**
 * The reference server: the API under /v2/api and /v3/api (registered from the contract in schemas/api), the built
 * app at /livev3/, and the demo HLS streams. `buildServer` is what tests drive with fastify.inject.
 */
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import { systemClock, type Clock } from './clock.ts';
import { projectRoot, readCodeLimits, type ServerConfig } from './config.ts';
import { AJV_OPTIONS, lazyCompilers } from './contract/compilers.ts';
import { loadContract } from './contract/load.ts';
import { registerContract } from './contract/register.ts';
import type { Engine } from './db/engine.ts';
import { isPostgresUrl, openData } from './db/open.ts';
import { testDatabase, type TestDatabase } from './db/test-database.ts';
import type { Sql } from './db/sql.ts';
import { seedDemo } from './seed/demo.ts';
import { openShared } from './shared/open.ts';
import {
  ApiFailure,
  INTERNAL_ERROR,
  localize,
  requestLocale,
  XCODE,
  type LocalizedText,
} from './envelope.ts';
import { validationMessage } from './contract/validation-messages.ts';
import { attachRealtime } from './realtime.ts';
import { devLogOptions, logRequests } from './dev-log.ts';
import { healthRoutes } from './health.ts';
import { appRoutes } from './static.ts';
import { domains } from './domains.ts';
import { openServices, type Services } from './services.ts';
import { wechatCredentials } from './wechat/credentials.ts';
import { readSmsSettings, type SmsSettings } from './sms/settings.ts';
import { appConstants, securityHeaders } from './security/headers.ts';
import { clientErrorHandler, clientErrorText, clientErrorXcode } from './security/client-errors.ts';
import {
  httpServerOptions,
  limitConnections,
  readConnectionLimits,
  type ConnectionLimits,
} from './security/limits.ts';
import { readUploadSettings, type UploadSettings } from './uploads/settings.ts';
import { readBroadcastSettings, type BroadcastSettings } from './broadcast/settings.ts';
import { cssOrigins } from './broadcast/tencent-css.ts';

export type BuildOptions = Partial<ServerConfig> & {
  /** The ingest and its output (server/broadcast/settings.ts); without `rtmpPort`, no ingest (tests ask for one). */
  broadcast?: Partial<BroadcastSettings>;
  databasePath: string;
  /**
   * `postgres://...`: PostgreSQL instead of the SQLite file. With TEST_DATABASE_URL set (the server suite's
   * PostgreSQL run), a test asking for `:memory:` gets a fresh seeded PostgreSQL database, dropped on close.
   */
  databaseUrl?: string;
  now?: () => number;
  /** Log lines: none (false, the default), JSON lines (true: production), or the development log (server/dev-log.ts). */
  logger?: boolean | 'dev';
  /** Upload host settings; default from the environment (UPLOAD_DIR, UPLOAD_SECRET, QINIU_*). */
  uploads?: UploadSettings;
  /** Signs stream URLs (default STREAM_SECRET, else random per process) and their lifetime (STREAM_URL_TTL_S). */
  streamSecret?: string;
  streamTtlSeconds?: number;
  /** Time-outs and per-address caps; default from the environment (server/security/limits.ts). */
  limits?: Partial<ConnectionLimits>;
  /** The SMS provider's settings (null: phone codes off); default from the environment (server/sms/settings.ts). */
  sms?: SmsSettings | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The query builder: every query is written on it (server/db/sql.ts). */
    sql: Sql;
    /** Which engine `sql` talks to. */
    engine: Engine;
    /** The server's one clock (server/clock.ts): every path takes the time from it. */
    now: Clock;
    /** Everything the domains are built from (server/services.ts); tests reach WeChat and the shared state here. */
    services: Services;
  }
}

/**
 * The domains' maps as one (contract handlers by operationId, socket handlers by event name); a name two domains
 * answer stops the server at start.
 */
function mergeByName<M extends object>(maps: M[], merged: M): M {
  for (const map of maps)
    for (const [name, handler] of Object.entries(map)) {
      if (Object.hasOwn(merged, name)) throw new Error(`two domains answer ${name}`);
      Object.assign(merged, { [name]: handler });
    }
  return merged;
}

function failure(xcode: number, msg: string) {
  return { xcode, msg, data: null };
}

export async function buildServer(options: BuildOptions): Promise<FastifyInstance> {
  const limits = { ...readConnectionLimits(), ...options.limits };
  const now = options.now ?? systemClock;
  const app = Fastify({
    ...(options.logger === 'dev' ? devLogOptions() : { logger: options.logger ?? false }),
    http: httpServerOptions(limits),
    // Fastify sets these two on the server after creating it (72 s and none by default), over the `http` options.
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // request.ip is the viewer's behind the balancers TRUST_PROXY names (X-Forwarded-For), else the connection's.
    trustProxy: limits.trustedProxies.length > 0 ? limits.trustedProxies : false,
    // Upload keys travel base64-encoded in the path (keys up to 512 characters).
    routerOptions: { maxParamLength: 1024 },
    // Errors the router raises before any route (a malformed URL, an over-long parameter) answer the envelope too.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply)
        .code(status)
        .send(failure(XCODE.badRequest, localize(clientErrorText(status), requestLocale(request))));
    },
    // Requests Node refuses itself (431, 414, a malformed request line) answer the envelope too.
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: AJV_OPTIONS },
    // Each route's schemas compile on its first request, not at start (server/contract/compilers.ts).
    schemaController: { compilersFactory: lazyCompilers() },
  });
  limitConnections(app.server, limits);
  if (options.logger === 'dev') logRequests(app);
  const testUrl = process.env.TEST_DATABASE_URL;
  let testDb: TestDatabase | undefined;
  if (!options.databaseUrl && options.databasePath === ':memory:' && isPostgresUrl(testUrl))
    testDb = await testDatabase(testUrl, seedDemo);
  const databaseUrl = testDb?.url ?? options.databaseUrl;
  const data = await openData({ databasePath: options.databasePath, databaseUrl });
  const { sql } = data;
  // Demo data fills an empty database outside production only: a production database starts empty and gets its first
  // organiser from `npm run organiser -- create` (server/organiser-cli.ts).
  if (options.mode !== 'production') await seedDemo(sql);
  app.decorate('sql', sql);
  app.decorate('engine', data.engine);
  app.decorate('now', now);
  app.addHook('onClose', async () => {
    await data.close();
    await testDb?.drop();
  });
  // Rate-limit windows, dev sinks and presence: in memory, or in Redis for several nodes (REDIS_URL). Closed after
  // the socket server (onClose hooks run last-registered first), which persists recovery sessions there.
  const shared = await openShared(options.redisUrl, now, (message) => app.log.error(message));
  app.addHook('onClose', async () => {
    await shared.close();
  });

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    const send = (status: number, xcode: number, texts: LocalizedText) =>
      reply.code(status).send(failure(xcode, localize(texts, locale)));
    if (error instanceof ApiFailure)
      return reply
        .code(200)
        .send({ xcode: error.xcode, msg: localize(error.texts, locale), data: error.data });
    if (error.validation)
      return send(400, XCODE.badRequest, validationMessage(error.validation, error.validationContext));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return send(413, XCODE.tooLarge, { 'zh-CN': '请求内容过大', en: 'Request body is too large' });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return send(415, XCODE.badRequest, { 'zh-CN': '不支持的内容类型', en: 'Unsupported content type' });
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return send(400, XCODE.badRequest, {
        'zh-CN': '请求内容不是有效的 JSON',
        en: 'Request body is not valid JSON',
      });
    // A malformed percent-encoding (an auth_token_2 cookie, a query) is the client's error.
    if (error instanceof URIError)
      return send(400, XCODE.badRequest, {
        'zh-CN': '请求参数有误：百分号编码不正确',
        en: 'Invalid request: malformed percent-encoding',
      });
    if (error.statusCode === 429) {
      // The rate-limit plugin throws what errorResponseBuilder made: its message is already in the request's locale.
      const built = (error as { msg?: unknown }).msg;
      if (typeof built === 'string') return reply.code(429).send(failure(XCODE.tooManyRequests, built));
      return send(429, XCODE.tooManyRequests, {
        'zh-CN': '请求过于频繁，请稍后再试',
        en: 'Too many requests, please retry later',
      });
    }
    // Any other client error a plugin or the framework raised (the static server's 403, a Range the file cannot
    // satisfy, a body that does not match its Content-Length or Content-Encoding) keeps its status.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return send(status, clientErrorXcode(status), clientErrorText(status));
    request.log.error(error);
    return send(500, XCODE.internal, INTERNAL_ERROR);
  });
  app.setNotFoundHandler((request, reply) => {
    const where = `${request.method} ${request.url.split('?')[0]}`;
    return reply
      .code(404)
      .send(
        failure(
          XCODE.notFound,
          localize(
            { 'zh-CN': `没有这个接口：${where}`, en: `No such endpoint: ${where}` },
            requestLocale(request),
          ),
        ),
      );
  });

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
  const publicOrigin = options.publicOrigin ?? `http://localhost:${options.port ?? 8080}`;
  const credentials = wechatCredentials(process.env, mode, publicOrigin);
  const sms = options.sms !== undefined ? options.sms : readSmsSettings(process.env, mode, publicOrigin);
  await app.register(fastifyRateLimit, {
    global: false,
    allowList: limits.rateLimitAllowList,
    // Several nodes count each client's requests together; an unreachable Redis lets requests through (logged by
    // the connection) rather than failing them.
    ...(shared.redis ? { redis: shared.redis, nameSpace: 'livev3:rate:', skipOnError: true } : {}),
    errorResponseBuilder: (request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return {
        statusCode: 429,
        xcode: XCODE.tooManyRequests,
        msg: localize(
          {
            'zh-CN': `请求过于频繁，请${seconds}秒后再试`,
            en: `Too many requests, please retry in ${seconds} s`,
          },
          requestLocale(request),
        ),
        data: null,
      };
    },
  });
  const uploads = options.uploads ?? readUploadSettings(options.databasePath);
  const broadcast: BroadcastSettings = {
    ...readBroadcastSettings({}, uploads.dir ? path.dirname(uploads.dir) : path.join(projectRoot, 'data')),
    rtmpPort: null,
    ...options.broadcast,
  };
  await securityHeaders(app, {
    distDir: options.distDir ?? path.join(projectRoot, 'dist'),
    apiOrigin: appConstants().apiOrigin,
    uploadDomain: uploads.qiniu?.domain,
    streamOrigins: broadcast.cloud ? cssOrigins(broadcast.cloud) : [],
    publicOrigin,
  });
  const services = openServices(app, {
    settings: {
      mode,
      publicOrigin,
      codeLimits: options.codeLimits ?? readCodeLimits(),
      streamsDir: options.streamsDir ?? path.join(projectRoot, 'server/media'),
      broadcast,
    },
    now,
    data,
    shared,
    credentials,
    sms,
    uploads,
    stream: {
      secret: options.streamSecret ?? process.env.STREAM_SECRET,
      ttlSeconds: options.streamTtlSeconds ?? (Number(process.env.STREAM_URL_TTL_S) || undefined),
    },
  });
  app.decorate('services', services);
  const routes = domains.map((domain) => domain.routes(services));
  registerContract(app, contract, mergeByName(routes, {}));
  for (const domain of domains) await domain.plugin?.(app, services);
  const socketHandlers = domains.map((domain) => domain.socketHandlers?.(services) ?? {});
  attachRealtime(app, services, { socketLimits: limits, handlers: mergeByName(socketHandlers, {}) });
  healthRoutes(app, { sql, redis: shared.redis });
  await app.register(appRoutes, { distDir: options.distDir ?? path.join(projectRoot, 'dist') });
  return app;
}
