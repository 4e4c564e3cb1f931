/**
 * The server's collaborators, built once by `buildServer` (server/app.ts) and handed to every domain: settings, the
 * clock, the database and its caches, the state nodes share, sessions, realtime, WeChat, mail, SMS, uploads and
 * stream signing. A domain reaches them through the argument of its factories (`Pick<Services, ...>` of what it
 * needs), never through a module-level registry. server/README.md, "Wiring", says how a domain gets them.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';
import type { CodeLimits, ServerConfig } from './config.ts';
import type { HandlerMap } from './contract/register.ts';
import type { Engine } from './db/engine.ts';
import type { Data } from './db/open.ts';
import type { Sql } from './db/sql.ts';
import type { TableCaches } from './db/table-cache.ts';
import type { SharedState } from './shared/state.ts';
import { sessionStarter, type Sessions } from './accounts/sessions.ts';
import { createMailer, type Mailer } from './accounts/mail.ts';
import { eventLookup, type EventLookup } from './events/routes.ts';
import { realtimeLink, type RealtimeLink, type SocketHandler } from './realtime.ts';
import { createStreamSigner, type StreamSigner } from './streams/sign.ts';
import type { SmsSettings } from './sms/settings.ts';
import { createSms, type SmsRuntime } from './sms/setup.ts';
import type { BroadcastSettings } from './broadcast/settings.ts';
import type { UploadSettings } from './uploads/settings.ts';
import type { WechatCredentials } from './wechat/credentials.ts';
import type { WechatRuntime } from './wechat/pay.ts';
import { createWechat } from './wechat/setup.ts';
import { orderKinds } from './order-kinds.ts';
import { openRankings, type Rankings } from './voting/rankings.ts';

export type Settings = {
  mode: ServerConfig['mode'];
  /** The origin viewers reach (QR codes, share links, redirects, posters). */
  publicOrigin: string;
  /** Login codes per phone, e-mail address, device and network address. */
  codeLimits: CodeLimits;
  /** Where the demo HLS streams are read from. */
  streamsDir: string;
  /** The RTMP ingest, the HLS ladder, the broadcasts' folder and the reconnect grace (server/broadcast/). */
  broadcast: BroadcastSettings;
};

export type Services = {
  settings: Settings;
  /** The server's one clock (server/clock.ts). */
  now: Clock;
  /** The query builder: every query is written on it (server/db/sql.ts). */
  sql: Sql;
  engine: Engine;
  /** Read-through caches of hot lookups, dropped when their tables change. */
  caches: TableCaches;
  /** Runs a task every `ms` until the database closes (sweeps). */
  every: Data['every'];
  /** State every node sees alike: rate windows, dev sinks, presence parts (memory, or Redis). */
  shared: SharedState;
  /** The Redis connection with several nodes, else null. */
  redis: Redis | null;
  /** This node's name in the shared state. */
  node: string;
  /** Starts login sessions (and cuts the sockets of the sessions a login replaced). */
  sessions: Sessions;
  /** Live lines to an event's room, sockets of revoked sessions cut (server/realtime.ts). */
  realtime: RealtimeLink;
  /** The event behind a video token, cached. */
  events: EventLookup;
  /** The contests' rankings, kept in order as votes land (Redis with several nodes; server/voting/rankings.ts). */
  rankings: Rankings;
  /** The WeChat client, credentials and payment rules. */
  wechat: WechatRuntime;
  mailer: Mailer;
  /** Texts login codes through the SMS provider (its emulator outside production without settings). */
  sms: SmsRuntime;
  uploads: UploadSettings;
  /** Signs stream URLs a viewer may watch, checks them when the stream is fetched. */
  streams: StreamSigner;
};

export type ServiceOptions = {
  settings: Settings;
  now: Clock;
  data: Data;
  shared: { state: SharedState; redis: Redis | null; node: string };
  credentials: WechatCredentials;
  /** The SMS provider's settings (server/sms/settings.ts); null when phone codes are off. */
  sms: SmsSettings | null;
  uploads: UploadSettings;
  stream: { secret?: string; ttlSeconds?: number };
};

/** Builds the services of one server on its Fastify instance (the WeChat emulator answers through it). */
export function openServices(app: FastifyInstance, options: ServiceOptions): Services {
  const { settings, now, data, shared, credentials } = options;
  const { sql } = data;
  const realtime = realtimeLink();
  const rankings = openRankings(sql, shared.redis);
  return {
    settings,
    now,
    sql,
    engine: data.engine,
    caches: data.caches,
    every: data.every,
    shared: shared.state,
    redis: shared.redis,
    node: shared.node,
    sessions: sessionStarter({ sql, now }, (replaced) =>
      realtime.disconnectRevoked({ userId: replaced.userId, except: replaced.kept }),
    ),
    realtime,
    events: eventLookup(data),
    rankings,
    wechat: createWechat(app, {
      sql,
      shared: shared.state,
      realtime,
      rankings,
      credentials,
      mode: settings.mode,
      publicOrigin: settings.publicOrigin,
      now,
      orderKinds,
    }),
    mailer: createMailer(process.env, settings.mode, shared.state),
    sms: createSms(app, { settings: options.sms, shared: shared.state, mode: settings.mode }),
    uploads: options.uploads,
    streams: createStreamSigner({
      // Without STREAM_SECRET a random one per process (signed URLs then end with the process).
      secret: options.stream.secret || crypto.randomBytes(32).toString('hex'),
      ttlSeconds: options.stream.ttlSeconds,
      now,
    }),
  };
}

/**
 * What each domain folder exports from its `index.ts`, all built from the services: the contract operations it
 * answers (handlers by operationId), the socket events it handles, and its routes outside the contract (files,
 * WeChat's callbacks, development tools). server/domains.ts lists the domains.
 */
export type Domain = {
  routes: (services: Services) => HandlerMap;
  socketHandlers?: (services: Services) => Record<string, SocketHandler>;
  plugin?: (app: FastifyInstance, services: Services) => Promise<void> | void;
};
