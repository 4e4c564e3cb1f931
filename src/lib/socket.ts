/**
 * The one socket.io connection (spec: launch data carries the socket). Created on first use, so code that never
 * chats never loads socket.io-client. The handshake carries the viewer's session token, read again on every
 * reconnect (the server re-checks it, also when it recovers the connection state), and the app's language, which
 * the server's acknowledgements and refusals speak; a switch of language while connected is sent as `locale`.
 */
import { io, type Socket } from 'socket.io-client';
import { appConfig } from '../engine/config';
import { getAuthToken } from './auth';
import { launchStore } from './launch';

let socket: Socket | null = null;

export function getSocket(): Socket {
  if (socket) return socket;
  const opened = io(appConfig.constants.apiOrigin || window.location.origin, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    timeout: appConfig.constants.socketTimeoutMs,
    auth: (send) => {
      const { videoToken, locale } = launchStore.get();
      send({ token: getAuthToken(videoToken), locale });
    },
  });
  let locale = launchStore.get().locale;
  launchStore.subscribe(() => {
    const next = launchStore.get().locale;
    if (next === locale) return;
    locale = next;
    // Disconnected, the next handshake carries it.
    if (opened.connected) opened.emit('locale', next);
  });
  socket = opened;
  return opened;
}

/** Emits with an acknowledgement, failing after the socket time-out. */
export function emitWithAck<T>(event: string, payload: unknown): Promise<T> {
  return getSocket().timeout(appConfig.constants.socketTimeoutMs).emitWithAck(event, payload) as Promise<T>;
}
