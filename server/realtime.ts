/**
 * socket.io on the same HTTP server: viewers join one room per event (by video token) and get the room's presence
 * count. The handshake may carry the same session token as the API (anonymous viewers may watch and read).
 * Connection state recovery re-runs the middleware (skipMiddlewares: false), so a recovered socket is re-authorised.
 *
 * Live lines (chat, gifts, tips, system lines, red-packet announcements) go out batched: everything published for a
 * room within one batch window leaves as one `chat:batch` array. One emit per message costs a websocket frame per
 * viewer per message and saturates near 50k deliveries/s on this machine; one frame per window carries many.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { onSessionsReplaced, viewerForToken, type Viewer } from './auth/sessions.ts';
import type { Db } from './db/database.ts';
import type { Sql } from './db/sql.ts';
import { ApiFailure, localize, requestLocale, XCODE } from './envelope.ts';
import { findEvent, viewerMayWatch } from './routes/video.ts';
import { addressCounter } from './security/limits.ts';

const TOKEN = /^[\w-]{1,64}$/;
/** How long published lines are collected before one batch goes out per room. */
export const CHAT_BATCH_MS = 40;
/** Presence is re-counted at most this often per room (a thousand joins must not mean a million emits). */
const PRESENCE_THROTTLE_MS = 500;

export const roomOf = (eventToken: string) => `event:${eventToken}`;

type Ack = (answer: { ok: boolean; msg?: string; xcode?: number; data?: unknown }) => void;
/**
 * A socket event handled by a domain module (the chat registers chat:send); a thrown ApiFailure is acked as msg, in
 * the language of the handshake (its `locale` query parameter or Accept-Language, as for the API).
 */
export type SocketHandler = (
  context: { db: Db; sql: Sql; viewer: Viewer | null; socket: Socket },
  payload: unknown,
) => unknown;

const socketHandlers = new Map<string, SocketHandler>();

export function onSocketEvent(name: string, handler: SocketHandler): void {
  socketHandlers.set(name, handler);
}

type Publisher = (eventToken: string, line: unknown) => void;
const publishers = new WeakMap<Db, Publisher>();

/** Queues a live line for everyone in the event's room (sent with the next batch). No-op without a socket server. */
export function publishToEvent(db: Db, eventToken: string, line: unknown): void {
  publishers.get(db)?.(eventToken, line);
}

/** A gated event's room (and its chat) is only for viewers who passed the gates (xcode 40320). */
export const GATED = {
  xcode: 40320,
  texts: {
    'zh-CN': '请先完成观看验证后再参与聊天',
    en: 'Pass the event’s access check to take part in its chat',
  },
} as const;

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const servers = new WeakMap<Db, Server>();

/**
 * Disconnects the sockets of a revoked session at once: by the session token (log-out), by the session id a device
 * list shows (`sessionId` with the owner's `userId`: a device revoked from the list), or every socket of a user but
 * those of the `except` token (a login elsewhere replaced the user's sessions; createSession reports it through
 * onSessionsReplaced). Answers how many were cut. Sockets of a revoked session are also cut at their next event and
 * by the periodic re-check, so a forgotten call only delays the cut.
 */
export function disconnectRevokedSockets(
  db: Db,
  revoked: { token?: string; userId?: number; sessionId?: string; except?: string },
): number {
  const io = servers.get(db);
  if (!io) return 0;
  const hash = revoked.token ? tokenHash(revoked.token) : null;
  const kept = revoked.except ? tokenHash(revoked.except) : null;
  const session = revoked.sessionId;
  let cut = 0;
  for (const socket of io.sockets.sockets.values()) {
    const viewer = socket.data.viewer as Viewer | null;
    const socketHash = socket.data.tokenHash as string | null;
    const ofUser = revoked.userId !== undefined && viewer?.userId === revoked.userId;
    if (
      (hash && socketHash === hash) ||
      (ofUser && session && socketHash?.startsWith(session)) ||
      (ofUser && !session && socketHash !== kept)
    ) {
      socket.emit('session:revoked', { xcode: XCODE.loginReplaced });
      socket.disconnect(true);
      cut += 1;
    }
  }
  return cut;
}

export type RealtimeOptions = {
  batchMs?: number;
  /** socket.io sessions per client address (0: no cap). */
  maxSocketsPerIp?: number;
  /** How often open sockets' sessions are checked again (revoked or expired ones are cut). */
  revalidateMs?: number;
};

export function attachRealtime(app: FastifyInstance, db: Db, options: RealtimeOptions = {}): Server {
  const perAddress = addressCounter(options.maxSocketsPerIp ?? 0);
  const io = new Server(app.server, {
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    // One address holds at most maxSocketsPerIp sessions (2,000 from one address were all accepted).
    allowRequest: (request, callback) => {
      const isHandshake = !new URL(request.url ?? '/', 'http://x').searchParams.get('sid');
      if (!isHandshake || (options.maxSocketsPerIp ?? 0) === 0) return callback(null, true);
      callback(null, perAddress.count(request.socket.remoteAddress ?? '') < (options.maxSocketsPerIp ?? 0));
    },
  });
  servers.set(db, io);
  // A login elsewhere revoked the user's other sessions: their sockets go at once, not at the next re-check.
  const cutReplaced = ({ userId, kept }: { userId: number; kept: string }) => {
    disconnectRevokedSockets(db, { userId, except: kept });
  };
  onSessionsReplaced(db, cutReplaced);
  onSessionsReplaced(app.sql, cutReplaced);
  io.engine.on(
    'connection',
    (raw: {
      request: { socket: { remoteAddress?: string } };
      once: (event: string, listener: () => void) => void;
    }) => {
      const address = raw.request.socket.remoteAddress ?? '';
      perAddress.take(address);
      raw.once('close', () => perAddress.release(address));
    },
  );

  io.use((socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
      socket.data.viewer = viewerForToken(db, token);
      socket.data.token = token;
      socket.data.tokenHash = token ? tokenHash(token) : null;
      next();
    } catch (error) {
      next(
        Object.assign(new Error(error instanceof ApiFailure ? error.message : 'unauthorised'), {
          data: { xcode: (error as ApiFailure).xcode },
        }),
      );
    }
  });

  const queues = new Map<string, unknown[]>();
  let flushTimer: NodeJS.Timeout | null = null;
  const flush = () => {
    flushTimer = null;
    for (const [room, lines] of queues) io.to(room).emit('chat:batch', lines);
    queues.clear();
  };
  publishers.set(db, (eventToken, line) => {
    const room = roomOf(eventToken);
    const queue = queues.get(room);
    if (queue) queue.push(line);
    else queues.set(room, [line]);
    flushTimer ??= setTimeout(flush, options.batchMs ?? CHAT_BATCH_MS);
  });

  const presenceTimers = new Map<string, NodeJS.Timeout>();
  const presence = (room: string) => {
    if (presenceTimers.has(room)) return;
    presenceTimers.set(
      room,
      setTimeout(() => {
        presenceTimers.delete(room);
        io.to(room).emit('presence', { count: io.sockets.adapter.rooms.get(room)?.size ?? 0 });
      }, PRESENCE_THROTTLE_MS),
    );
  };

  /** The socket's session, checked again: a revoked or expired one cuts the socket (and answers false). */
  const sessionHolds = (socket: Socket): boolean => {
    const token = socket.data.token as string | undefined;
    if (!token) return true;
    try {
      viewerForToken(db, token);
      return true;
    } catch (error) {
      socket.emit('session:revoked', {
        xcode: error instanceof ApiFailure ? error.xcode : XCODE.loginExpired,
      });
      socket.disconnect(true);
      return false;
    }
  };
  const revalidate = setInterval(() => {
    for (const socket of io.sockets.sockets.values()) if (socket.data.token) sessionHolds(socket);
  }, options.revalidateMs ?? 10_000);
  revalidate.unref();

  io.on('connection', (socket) => {
    // A recovered socket is back in its rooms (and gets the packets it missed); others re-join.
    socket.on('join', async (payload: { token?: unknown }, ack?: Ack) => {
      if (!sessionHolds(socket)) return;
      const token = typeof payload?.token === 'string' ? payload.token : '';
      let event: ReturnType<typeof findEvent> | undefined;
      try {
        event = TOKEN.test(token) ? findEvent(db, token) : undefined;
      } catch {
        event = undefined;
      }
      if (!event) {
        ack?.({ ok: false, msg: 'No such event' });
        return;
      }
      // The room carries the event's chat: only for viewers who passed its gates.
      if (!viewerMayWatch(db, event, socket.data.viewer as Viewer | null)) {
        ack?.({ ok: false, msg: GATED.texts['zh-CN'], xcode: GATED.xcode });
        return;
      }
      const room = roomOf(token);
      await socket.join(room);
      ack?.({ ok: true });
      presence(room);
    });
    for (const [name, handler] of socketHandlers) {
      socket.on(name, async (payload: unknown, ack?: Ack) => {
        if (!sessionHolds(socket)) return;
        try {
          const data = await handler(
            { db, sql: app.sql, viewer: socket.data.viewer as Viewer | null, socket },
            payload,
          );
          ack?.({ ok: true, data });
        } catch (error) {
          if (!(error instanceof ApiFailure)) app.log.error(error);
          ack?.(
            error instanceof ApiFailure
              ? { ok: false, msg: localize(error.texts, requestLocale(socket.handshake)), xcode: error.xcode }
              : { ok: false, msg: 'Internal server error', xcode: 500 },
          );
        }
      });
    }
    socket.on('disconnecting', () => {
      const rooms = [...socket.rooms].filter((room) => room.startsWith('event:'));
      // After the socket has left, count again.
      setImmediate(() => rooms.forEach(presence));
    });
  });

  app.addHook('onClose', async () => {
    clearInterval(revalidate);
    onSessionsReplaced(db, null);
    onSessionsReplaced(app.sql, null);
    servers.delete(db);
    if (flushTimer) clearTimeout(flushTimer);
    presenceTimers.forEach((timer) => clearTimeout(timer));
    publishers.delete(db);
    await io.close();
  });
  return io;
}
