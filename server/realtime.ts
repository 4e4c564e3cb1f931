/**
 * socket.io on the same HTTP server: viewers join one room per event (by video token) and get the room's presence
 * count. The handshake may carry the same session token as the API (anonymous viewers may watch and read).
 * Connection state recovery re-runs the middleware (skipMiddlewares: false), so a recovered socket is re-authorised.
 *
 * Live lines (chat, gifts, tips, system lines, red-packet announcements) go out batched: everything published for a
 * room within one batch window leaves as one `chat:batch` array. One emit per message costs a websocket frame per
 * viewer per message and saturates near 50k deliveries/s on this machine; one frame per window carries many.
 */
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { viewerForToken, type Viewer } from './auth/sessions.ts';
import type { Db } from './db/database.ts';
import { ApiFailure } from './envelope.ts';

const TOKEN = /^[\w-]{1,64}$/;
/** How long published lines are collected before one batch goes out per room. */
export const CHAT_BATCH_MS = 40;
/** Presence is re-counted at most this often per room (a thousand joins must not mean a million emits). */
const PRESENCE_THROTTLE_MS = 500;

export const roomOf = (eventToken: string) => `event:${eventToken}`;

type Ack = (answer: { ok: boolean; msg?: string; xcode?: number; data?: unknown }) => void;
/** A socket event handled by a domain module (the chat registers chat:send); a thrown ApiFailure is acked as msg. */
export type SocketHandler = (
  context: { db: Db; viewer: Viewer | null; socket: Socket },
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

export function attachRealtime(app: FastifyInstance, db: Db, options: { batchMs?: number } = {}): Server {
  const io = new Server(app.server, {
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  io.use((socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
      socket.data.viewer = viewerForToken(db, token);
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

  io.on('connection', (socket) => {
    // A recovered socket is back in its rooms (and gets the packets it missed); others re-join.
    socket.on('join', async (payload: { token?: unknown }, ack?: Ack) => {
      const token = typeof payload?.token === 'string' ? payload.token : '';
      if (!TOKEN.test(token) || !db.prepare('SELECT 1 FROM events WHERE token = ?').get(token)) {
        ack?.({ ok: false, msg: 'No such event' });
        return;
      }
      const room = roomOf(token);
      await socket.join(room);
      ack?.({ ok: true });
      presence(room);
    });
    for (const [name, handler] of socketHandlers) {
      socket.on(name, async (payload: unknown, ack?: Ack) => {
        try {
          const data = await handler({ db, viewer: socket.data.viewer as Viewer | null, socket }, payload);
          ack?.({ ok: true, data });
        } catch (error) {
          if (!(error instanceof ApiFailure)) app.log.error(error);
          ack?.(
            error instanceof ApiFailure
              ? { ok: false, msg: error.message, xcode: error.xcode }
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
    if (flushTimer) clearTimeout(flushTimer);
    presenceTimers.forEach((timer) => clearTimeout(timer));
    publishers.delete(db);
    await io.close();
  });
  return io;
}
