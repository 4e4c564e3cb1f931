/**
 * socket.io on the same HTTP server: viewers join one room per event (by video token) and get the room's presence
 * count. The handshake may carry the same session token as the API (anonymous viewers may watch and read).
 * Connection state recovery re-runs the middleware (skipMiddlewares: false), so a recovered socket is re-authorised.
 */
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { viewerForToken } from './auth/sessions.ts';
import type { Db } from './db/database.ts';
import { ApiFailure } from './envelope.ts';

const TOKEN = /^[\w-]{1,64}$/;

export function attachRealtime(app: FastifyInstance, db: Db): Server {
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

  const presence = async (room: string) =>
    io.to(room).emit('presence', { count: (await io.in(room).fetchSockets()).length });

  io.on('connection', (socket) => {
    socket.on(
      'join',
      async (payload: { token?: unknown }, ack?: (answer: { ok: boolean; msg?: string }) => void) => {
        const token = typeof payload?.token === 'string' ? payload.token : '';
        if (!TOKEN.test(token) || !db.prepare('SELECT 1 FROM events WHERE token = ?').get(token)) {
          ack?.({ ok: false, msg: 'No such event' });
          return;
        }
        const room = `event:${token}`;
        await socket.join(room);
        ack?.({ ok: true });
        await presence(room);
      },
    );
    socket.on('disconnecting', () => {
      const rooms = [...socket.rooms].filter((room) => room.startsWith('event:'));
      // After the socket has left, count again.
      setImmediate(() => rooms.forEach((room) => void presence(room)));
    });
  });

  app.addHook('onClose', async () => {
    await io.close();
  });
  return io;
}
