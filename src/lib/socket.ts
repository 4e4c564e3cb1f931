/**
 * The one socket.io connection (spec: launch data carries the socket). Created on first use, so code that never
 * chats never loads socket.io-client. The handshake carries the viewer's session token, read again on every
 * reconnect (the server re-checks it, also when it recovers the connection state).
 */
import { io, type Socket } from 'socket.io-client';
import { appConfig } from '../engine/config';
import { getAuthToken } from './auth';
import { launchStore } from './launch';

let socket: Socket | null = null;

export function getSocket(): Socket {
  socket ??= io(appConfig.constants.apiOrigin || window.location.origin, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    timeout: appConfig.constants.socketTimeoutMs,
    auth: (send) => send({ token: getAuthToken(launchStore.get().videoToken) }),
  });
  return socket;
}

/** Emits with an acknowledgement, failing after the socket time-out. */
export function emitWithAck<T>(event: string, payload: unknown): Promise<T> {
  return getSocket().timeout(appConfig.constants.socketTimeoutMs).emitWithAck(event, payload) as Promise<T>;
}
