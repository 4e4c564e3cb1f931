/**
 * socket.io on the same HTTP server: viewers join one room per event (by video token) and get the room's audience
 * (`presence` events: `{ token, count }`, the distinct viewers present over every node, server/events/audience.ts).
 * The handshake may carry the same session token as the API (anonymous viewers may watch and read).
 * Connection state recovery re-runs the middleware (skipMiddlewares: false), so a recovered socket is re-authorised.
 *
 * Live lines (chat, gifts, tips, system lines, red-packet announcements) go out batched: everything published for a
 * room within one batch window leaves as one `chat:batch` array. One emit per message costs a websocket frame per
 * viewer per message and saturates near 50k deliveries/s on this machine; one frame per window carries many.
 *
 * Moderation's signals (a deleted line, the room's settings, a reviewed line, a mute) go out at once, unbatched
 * (`signal`), to an event's room or to one viewer's sockets: each logged-in socket is also in its viewer's room.
 *
 * Several nodes (REDIS_URL): socket.io's Redis streams adapter carries every room emit to the sockets of every node
 * and keeps the packets for connection state recovery, so a viewer whose node went away recovers the missed lines on
 * another. Each node still batches the lines it publishes; a room's audience is the union of the nodes' viewers
 * (shared state); session revocations reach the other nodes as server-side events.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import { Server as SocketServer, type DefaultEventsMap, type Socket as AnySocket } from 'socket.io';
import { findViewerByToken, type Viewer } from './accounts/sessions.ts';
import { creditLiveWatch, LIVE_WATCH_FLUSH_MS, LiveWatchTracker } from './engagement/live-watch.ts';
import {
  ApiFailure,
  INTERNAL_ERROR,
  localize,
  requestLocale,
  XCODE,
  type Locale,
  type LocalizedText,
} from './envelope.ts';
import { Audience, recordPlay, viewerKey, type AudienceOptions } from './events/audience.ts';
import { SAMPLE_CHECK_MS, viewerSampler } from './events/viewer-samples.ts';
import { loadEvent, mayViewerWatch, NO_SUCH_EVENT } from './events/routes.ts';
import { organiserMay } from './organisations/roles.ts';
import { clientAddresses, socketCaps, type ConnectionLimits } from './security/limits.ts';
import type { Services } from './services.ts';

const TOKEN = /^[\w-]{1,64}$/;
/** How long published lines are collected before one batch goes out per room. */
export const CHAT_BATCH_MS = 40;
/** The server-side event that carries a revocation to the other nodes. */
const REVOKED_EVENT = 'sessions:revoked';

export const roomOf = (eventToken: string) => `event:${eventToken}`;
/** Every socket of one logged-in viewer, on every node: what is told to that viewer alone (their line reviewed). */
export const viewerRoomOf = (userId: number) => `viewer:${userId}`;

/**
 * The sockets of an event's moderators (its organisation's owners and operators) that joined its room with
 * `moderate: true`, on every node: what viewers must not see (lines waiting for review, who is muted).
 */
export const moderatorsRoomOf = (eventToken: string) => `moderators:${eventToken}`;

/** Who a signal goes to: an event's room, its moderators' sockets or one viewer's sockets. */
export type SignalTarget = { eventToken: string } | { moderatorsOf: string } | { userId: number };

const signalRoom = (to: SignalTarget) =>
  'userId' in to
    ? viewerRoomOf(to.userId)
    : 'moderatorsOf' in to
      ? moderatorsRoomOf(to.moderatorsOf)
      : roomOf(to.eventToken);

declare const inSocketLanguage: unique symbol;
/** A refused socket event's answer, in the socket's language: only `refusal` makes one. */
export type Refusal = { ok: false; msg: string; xcode: number; readonly [inSocketLanguage]: true };
type Ack = (answer: { ok: true; data?: unknown } | Refusal) => void;

/**
 * What a socket carries from its handshake on (socket.io keeps it with a recovered session, in Redis on several
 * nodes). `locale`: the app's language, from the handshake and each `locale` event the app sends when it changes.
 */
type SocketData = {
  viewer?: Viewer | null;
  tokenHash?: string | null;
  audienceKey?: string;
  locale?: Locale;
  /**
   * Event tokens of the rooms this socket follows without watching (`join` with `watch: false`: the organiser
   * console's chat view): it hears the room, and counts in no audience, watch time or plays.
   */
  observing?: string[];
};
type Server = SocketServer<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type Socket = AnySocket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/**
 * A socket event handled by a domain (the chat's chat:send, from its `socketHandlers`); a thrown ApiFailure is acked
 * as a refusal in the socket's language.
 */
export type SocketHandler = (context: { viewer: Viewer | null; socket: Socket }, payload: unknown) => unknown;

const isLocale = (value: unknown): value is Locale => value === 'zh-CN' || value === 'en';

/**
 * The language a socket's answers speak: the app's current language, which it sends in the handshake's auth
 * (`locale`, read again on every reconnect) and in a `locale` event when the viewer switches; else the handshake's
 * `locale` query parameter or Accept-Language, as for the API.
 */
export function socketLocale(socket: Pick<Socket, 'data' | 'handshake'>): Locale {
  const auth: { locale?: unknown } = socket.handshake.auth ?? {};
  return socket.data.locale ?? (isLocale(auth.locale) ? auth.locale : requestLocale(socket.handshake));
}

/** Refuses a socket event, in the socket's language: the one way an acknowledgement carries a message. */
export function refusal(
  socket: Pick<Socket, 'data' | 'handshake'>,
  xcode: number,
  texts: LocalizedText,
): Refusal {
  // The brand exists in the type only: it keeps a message made elsewhere (one language) out of an acknowledgement.
  return { ok: false, xcode, msg: localize(texts, socketLocale(socket)) } as Refusal;
}

/** Refuses a socket's connection (the client's connect_error, data `{ xcode }`), in the socket's language. */
export function connectionRefusal(
  socket: Pick<Socket, 'data' | 'handshake'>,
  xcode: number,
  texts: LocalizedText,
): Error {
  return Object.assign(new Error(localize(texts, socketLocale(socket))), { data: { xcode } });
}

/** What the domains ask of the socket server (services.realtime). */
export type Realtime = {
  /**
   * Queues a live line for everyone in the event's room; resolves once its batch has left this node (with several
   * nodes: handed to Redis), so a sender acknowledged after it knows the line reaches every node even if this one
   * stops right after. No-op without a socket server.
   */
  publish(eventToken: string, line: unknown): Promise<void>;
  /**
   * Disconnects the sockets of a revoked session at once: by the session token (log-out), by the session id a device
   * list shows (`sessionId` with the owner's `userId`: a device revoked from the list), or every socket of a user but
   * those of the `except` token (a login elsewhere replaced the user's sessions). Answers how many were cut. Sockets
   * of a revoked session are also cut at their next event and by the periodic re-check, so a forgotten call only
   * delays the cut. 0 without a socket server.
   */
  disconnectRevoked(revoked: Revoked): number;
  /**
   * The distinct viewers present in the event's room over every node (server/events/audience.ts): at once when this
   * node knows it fresh, else a promise. 0 without a socket server.
   */
  viewers(eventToken: string): number | Promise<number>;
  /**
   * Sends one event at once (not batched with the lines) to an event's room or to one viewer's sockets, on every node
   * (through the adapter with several): the chat's moderation (a deleted line, the room's settings, a reviewed line).
   * No-op without a socket server.
   */
  signal(to: SignalTarget, name: string, payload: unknown): void;
};

/** services.realtime: answered by the socket server attachRealtime starts (and stops), a no-op before and after. */
export type RealtimeLink = Realtime & { serve(server: Realtime | null): void };

export function realtimeLink(): RealtimeLink {
  let server: Realtime | null = null;
  return {
    publish: (eventToken, line) => server?.publish(eventToken, line) ?? Promise.resolve(),
    disconnectRevoked: (revoked) => server?.disconnectRevoked(revoked) ?? 0,
    viewers: (eventToken) => server?.viewers(eventToken) ?? 0,
    signal: (to, name, payload) => server?.signal(to, name, payload),
    serve(next) {
      server = next;
    },
  };
}

/** A gated event's room (and its chat) is only for viewers who passed the gates (xcode 40320). */
export const GATED = {
  xcode: 40320,
  texts: {
    'zh-CN': '请先完成观看验证后再参与聊天',
    en: 'Pass the event’s access check to take part in its chat',
  },
} as const;

/** A login session that holds its cap of sockets already (MAX_SOCKETS_PER_SESSION). */
const TOO_MANY_SOCKETS = {
  'zh-CN': '该账号打开的连接过多，请关闭其他页面后重试',
  en: 'Too many connections for this login: close other pages and try again',
} as const;

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

type Revoked = { token?: string; userId?: number; sessionId?: string; except?: string };

/**
 * Tells the socket why (`session:revoked`) and cuts it. The notice goes out locally: a plain socket.emit passes
 * through the adapter when connection state recovery is on, and with several nodes it would leave only after the
 * socket is gone.
 */
function revokeSocket(io: Server, socket: Socket, xcode: number): void {
  io.local.to(socket.id).emit('session:revoked', { xcode });
  socket.disconnect(true);
}

/** This node's part of disconnectRevokedSockets: answers how many sockets it cut. */
function cutLocalSockets(io: Server, revoked: Revoked): number {
  const hash = revoked.token ? tokenHash(revoked.token) : null;
  const kept = revoked.except ? tokenHash(revoked.except) : null;
  const session = revoked.sessionId;
  let cut = 0;
  for (const socket of io.sockets.sockets.values()) {
    const viewer = socket.data.viewer ?? null;
    const socketHash = socket.data.tokenHash ?? null;
    const ofUser = revoked.userId !== undefined && viewer?.userId === revoked.userId;
    if (
      (hash && socketHash === hash) ||
      (ofUser && session && socketHash?.startsWith(session)) ||
      (ofUser && !session && socketHash !== kept)
    ) {
      revokeSocket(io, socket, XCODE.loginReplaced);
      cut += 1;
    }
  }
  return cut;
}

export type RealtimeOptions = {
  batchMs?: number;
  /** Sockets per client address and per login session (0 or missing: no cap; server/security/limits.ts). */
  socketLimits?: Partial<
    Pick<ConnectionLimits, 'maxSocketsPerIp' | 'maxSocketsPerSession' | 'trustedProxies'>
  >;
  /** How often open sockets' sessions are checked again (revoked or expired ones are cut). */
  revalidateMs?: number;
  /** How often open stretches of watching are credited (LIVE_WATCH_FLUSH_MS). */
  watchFlushMs?: number;
  /** Socket events the domains handle, by name. */
  handlers?: Record<string, SocketHandler>;
  /** How often a node looks whether a new minute of viewer samples began (tests). */
  sampleCheckMs?: number;
  /** How often room audiences are written and renewed, and how long a node's part lives (tests). */
  audience?: AudienceOptions;
};

/**
 * Starts the socket server on the app's HTTP server and makes it answer `services.realtime` until the app closes.
 * The clock times sessions, presence and watching; each room's viewers are kept in `services.shared` as this node's
 * part (`services.node`) of the room's audience; with `services.redis` (several nodes) socket.io's streams adapter runs on it.
 */
export function attachRealtime(
  app: FastifyInstance,
  services: Pick<Services, 'sql' | 'now' | 'events' | 'realtime' | 'shared' | 'node' | 'redis'>,
  options: RealtimeOptions = {},
): Server {
  const { sql, now, events, redis } = services;
  const { shared, node } = services;
  const audience = new Audience(shared, node, now, options.audience);
  const caps = socketCaps({
    maxSocketsPerIp: options.socketLimits?.maxSocketsPerIp ?? 0,
    maxSocketsPerSession: options.socketLimits?.maxSocketsPerSession ?? 0,
  });
  const addresses = clientAddresses(options.socketLimits?.trustedProxies ?? []);
  let closing = false;
  const io: Server = new SocketServer(app.server, {
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    // Several nodes: rooms, recovery and server-side events through Redis streams. onlyPlaintext: the packets are
    // JSON (no binary attachments), which spares the adapter a scan of every packet.
    ...(redis ? { adapter: createAdapter(redis, { onlyPlaintext: true }) } : {}),
    // One address holds at most maxSocketsPerIp sockets, a ceiling sized for a venue whose phones share one public
    // address (2,000 from one address were all accepted once); each login session is capped on its own below.
    allowRequest: (request, callback) => {
      const isHandshake = !new URL(request.url ?? '/', 'http://x').searchParams.get('sid');
      // A closing node takes no new sockets: the client tries again (another node, behind a balancer).
      if (isHandshake && closing) return callback(null, false);
      callback(null, !isHandshake || caps.mayOpen(addresses.of(request)));
    },
  });
  /** The session token a socket authenticated with: kept here, not in socket.data, which recovery stores in Redis. */
  const socketTokens = new WeakMap<Socket, string>();
  io.on(REVOKED_EVENT, (revoked: Revoked) => cutLocalSockets(io, revoked));
  const clustered = Boolean(redis);
  io.engine.on(
    'connection',
    (raw: { request: IncomingMessage; once: (event: string, listener: () => void) => void }) => {
      const address = addresses.of(raw.request);
      caps.opened(address);
      raw.once('close', () => caps.closed(address));
    },
  );

  io.use((socket, next) => {
    // The app's language now (a recovered socket's data still holds the one of its first handshake).
    const asked: unknown = socket.handshake.auth?.locale;
    socket.data.locale = isLocale(asked) ? asked : undefined;
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    findViewerByToken(sql, token, now()).then(
      (viewer) => {
        socket.data.viewer = viewer;
        socket.data.tokenHash = token ? tokenHash(token) : null;
        if (token) socketTokens.set(socket, token);
        next();
      },
      (error: unknown) =>
        next(
          error instanceof ApiFailure
            ? connectionRefusal(socket, error.xcode, error.texts)
            : connectionRefusal(socket, XCODE.internal, INTERNAL_ERROR),
        ),
    );
  });

  // One login session holds at most maxSocketsPerSession sockets (counted until the socket or its connection ends);
  // anonymous sockets only count against their address's ceiling.
  io.use((socket, next) => {
    const session = socket.data.tokenHash ?? null;
    if (!session || socket.conn.readyState !== 'open') return next();
    if (!caps.takeSession(session))
      return next(connectionRefusal(socket, XCODE.tooManyRequests, TOO_MANY_SOCKETS));
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      caps.releaseSession(session);
    };
    socket.once('disconnect', release);
    socket.conn.once('close', release);
    next();
  });

  const queues = new Map<string, unknown[]>();
  let flushed: (() => void)[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  const flush = () => {
    flushTimer = null;
    for (const [room, lines] of queues) io.to(room).emit('chat:batch', lines);
    queues.clear();
    const waiting = flushed;
    flushed = [];
    // The adapter writes the batch to Redis within this turn; the senders hear back after it.
    setImmediate(() => waiting.forEach((resolve) => resolve()));
  };
  services.realtime.serve({
    publish: (eventToken, line) =>
      new Promise<void>((resolve) => {
        const room = roomOf(eventToken);
        const queue = queues.get(room);
        if (queue) queue.push(line);
        else queues.set(room, [line]);
        flushed.push(resolve);
        flushTimer ??= setTimeout(flush, options.batchMs ?? CHAT_BATCH_MS);
      }),
    disconnectRevoked(revoked) {
      // The other nodes cut theirs (a revoked session is refused everywhere: its row is in the shared database).
      if (clustered) io.serverSideEmit(REVOKED_EVENT, revoked);
      return cutLocalSockets(io, revoked);
    },
    viewers: (eventToken) => audience.peek(eventToken) ?? audience.count(eventToken),
    signal(to, name, payload) {
      io.to(signalRoom(to)).emit(name, payload);
    },
  });

  // A room's count moved: a change on this node tells the whole room (every node's sockets, through the adapter),
  // a heartbeat only this node's sockets (each node's heartbeat tells its own).
  audience.start((token, count, changed) =>
    (changed ? io : io.local).to(roomOf(token)).emit('presence', { token, count }),
  );
  /** Who the socket's viewer is, for counting (kept with the socket: a recovered one is the same viewer). */
  const audienceKeyOf = (socket: Socket) =>
    (socket.data.audienceKey ??= viewerKey(
      socket.data.viewer?.userId,
      socket.handshake.headers.cookie,
      socket.id,
    ));

  /** The socket's session, checked again: a revoked or expired one cuts the socket (and answers false). */
  const sessionHolds = async (socket: Socket): Promise<boolean> => {
    const token = socketTokens.get(socket);
    if (!token) return true;
    try {
      await findViewerByToken(sql, token, now());
      return true;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      revokeSocket(io, socket, error.xcode);
      return false;
    }
  };
  const revalidate = setInterval(() => {
    for (const socket of io.sockets.sockets.values())
      if (socketTokens.has(socket)) sessionHolds(socket).catch((error: unknown) => app.log.error(error));
  }, options.revalidateMs ?? 10_000);
  revalidate.unref();

  // Logged-in viewers' time in each live room, for lotteries that ask for N minutes of watching.
  const watching = new LiveWatchTracker(
    (credits) => creditLiveWatch(sql, credits, now()).catch((error: unknown) => app.log.error(error)),
    now,
  );
  const watchFlush = setInterval(() => void watching.flush(), options.watchFlushMs ?? LIVE_WATCH_FLUSH_MS);
  watchFlush.unref();
  // Each room's viewers once a minute, for the organiser console's figures.
  const sampler = viewerSampler({
    sql,
    now,
    rooms: () => audience.heldRooms(),
    viewers: (token) => audience.count(token),
    eventId: (token) => events(token).then((event) => event?.id),
  });
  const sampling = setInterval(
    () => void sampler.tick().catch((error: unknown) => app.log.error(error)),
    options.sampleCheckMs ?? SAMPLE_CHECK_MS,
  );
  sampling.unref();
  const eventRooms = (socket: Socket) => [...socket.rooms].filter((room) => room.startsWith('event:'));
  const watcherOf = (socket: Socket) => (socket.data.viewer ?? null)?.userId;

  io.on('connection', (socket) => {
    const userId = watcherOf(socket);
    // What is told to this viewer alone (a recovered socket is in it already).
    if (userId !== undefined && !socket.recovered) void socket.join(viewerRoomOf(userId));
    const observes = (token: string) => socket.data.observing?.includes(token) ?? false;
    if (socket.recovered)
      for (const room of eventRooms(socket)) {
        const token = room.slice('event:'.length);
        if (observes(token)) continue;
        if (userId !== undefined) watching.enter(userId, token);
        audience.enter(token, audienceKeyOf(socket));
      }
    // The viewer switched the app's language: the socket's answers follow.
    socket.on('locale', (locale: unknown) => {
      if (isLocale(locale)) socket.data.locale = locale;
    });
    // A recovered socket is back in its rooms (and gets the packets it missed); others re-join.
    socket.on(
      'join',
      async (payload: { token?: unknown; watch?: unknown; moderate?: unknown }, ack?: Ack) => {
        const holds = await sessionHolds(socket).catch((error: unknown) => {
          app.log.error(error);
          return false;
        });
        if (!holds) return;
        const token = typeof payload?.token === 'string' ? payload.token : '';
        let event: Awaited<ReturnType<typeof loadEvent>> | undefined;
        try {
          event = TOKEN.test(token) ? await loadEvent(events, token) : undefined;
        } catch {
          event = undefined;
        }
        if (!event) {
          ack?.(refusal(socket, XCODE.notFound, NO_SUCH_EVENT));
          return;
        }
        // The room carries the event's chat: only for viewers who passed its gates.
        if (!(await mayViewerWatch(sql, event, socket.data.viewer ?? null, now()))) {
          ack?.(refusal(socket, GATED.xcode, GATED.texts));
          return;
        }
        const room = roomOf(token);
        const viewerId = watcherOf(socket);
        const joining = !socket.rooms.has(room);
        // Following the room without watching it: a first join says so, for as long as the socket stays in it.
        if (joining && payload?.watch === false)
          socket.data.observing = [...(socket.data.observing ?? []), token];
        const watches = !observes(token);
        if (viewerId !== undefined && joining && watches) watching.enter(viewerId, token);
        await socket.join(room);
        // A moderator's console also hears what only moderators see; anyone else asking is simply not let in.
        const moderating =
          payload?.moderate === true &&
          viewerId !== undefined &&
          (await organiserMay(sql, viewerId, event.organisation_id, 'chat_moderation').catch(() => false));
        if (moderating) await socket.join(moderatorsRoomOf(token));
        // The broadcast as it is once the socket hears the room: the page catches up on a change pushed before.
        const current = await loadEvent(events, token).catch(() => event);
        ack?.({
          ok: true,
          data: {
            moderating,
            broadcast: {
              live_status: current.live_status,
              live: Boolean(current.live_stream),
              replay: Boolean(current.replay_stream),
            },
          },
        });
        if (!joining || !watches) return;
        const viewer = audienceKeyOf(socket);
        audience.enter(token, viewer);
        // The room's count as known now; the room hears the new one once this join is written (THROTTLE_MS).
        audience.count(token).then(
          (count) => socket.emit('presence', { token, count }),
          (error: unknown) => app.log.error(error),
        );
        // An ended event's room is its replay: a play.
        if (event.live_status === 2)
          recordPlay({ sql, shared }, event, viewer, now()).catch((error: unknown) => app.log.error(error));
      },
    );
    for (const [name, handler] of Object.entries(options.handlers ?? {})) {
      socket.on(name, async (payload: unknown, ack?: Ack) => {
        try {
          if (!(await sessionHolds(socket))) return;
          const data = await handler({ viewer: socket.data.viewer ?? null, socket }, payload);
          ack?.({ ok: true, data });
        } catch (error) {
          if (!(error instanceof ApiFailure)) app.log.error(error);
          ack?.(
            error instanceof ApiFailure
              ? refusal(socket, error.xcode, error.texts)
              : refusal(socket, XCODE.internal, INTERNAL_ERROR),
          );
        }
      });
    }
    socket.on('disconnecting', () => {
      const rooms = eventRooms(socket);
      const viewerId = watcherOf(socket);
      for (const room of rooms) {
        const token = room.slice('event:'.length);
        if (observes(token)) continue;
        if (viewerId !== undefined) void watching.leave(viewerId, token);
        audience.leave(token, audienceKeyOf(socket));
      }
    });
  });

  // Fastify closes the HTTP server after preClose and waits for every connection to end: open websockets and long
  // polls would hold the shutdown until its grace period runs out. Their transports close here instead ("forced
  // close"): clients reconnect at once (to another node behind a balancer) and, with connection state recovery, get
  // the packets they missed there.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(watchFlush);
    clearInterval(sampling);
    // Watching so far counts before the sockets go (their stretches end with nothing more to add).
    await watching.flush();
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    clearInterval(revalidate);
    services.realtime.serve(null);
    if (flushTimer) clearTimeout(flushTimer);
    flushed.forEach((resolve) => resolve());
    audience.close();
    await io.close();
  });
  return io;
}
