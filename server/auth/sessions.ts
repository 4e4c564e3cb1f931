/**
 * Session tokens: 32 random bytes, only their SHA-256 is stored. A token expires (xcode 100004) or is revoked when the
 * user logs in again elsewhere (100005). Sent as `Authorization: Bearer <token>` (or the raw token), with the WeChat
 * browser cookie auth_token_2 as the fallback.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiFailure, XCODE } from '../envelope.ts';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

export type Viewer = { userId: number };

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function createSession(db: Db, userId: number, now = Date.now(), ttlMs = SESSION_TTL_MS): string {
  const token = crypto.randomBytes(32).toString('base64url');
  db.transaction(() => {
    db.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(
      now,
      userId,
    );
    db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
      hash(token),
      userId,
      now,
      now + ttlMs,
    );
  })();
  return token;
}

export function requestToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const fromHeader = header.replace(/^Bearer\s+/i, '').trim();
  if (fromHeader) return fromHeader;
  const cookie = request.headers.cookie ?? '';
  const match = /(?:^|;\s*)auth_token_2=([^;]+)/.exec(cookie);
  return match ? decodeURIComponent(match[1]) : '';
}

type SessionRow = { user_id: number; expires_at: number; revoked_at: number | null };

const sessionByHash = new WeakMap<Db, ReturnType<Db['prepare']>>();

/** The viewer behind the request, null for an anonymous one; an expired or replaced token is an error. */
export function optionalViewer(db: Db, request: FastifyRequest, now = Date.now()): Viewer | null {
  return viewerForToken(db, requestToken(request), now);
}

/** The same check for a bare token (the realtime socket's handshake). */
export function viewerForToken(db: Db, token: string, now = Date.now()): Viewer | null {
  if (!token) return null;
  let statement = sessionByHash.get(db);
  if (!statement) {
    statement = db.prepare('SELECT user_id, expires_at, revoked_at FROM sessions WHERE token_hash = ?');
    sessionByHash.set(db, statement);
  }
  const row = statement.get(hash(token)) as SessionRow | undefined;
  if (!row) throw new ApiFailure(XCODE.loginExpired, 'Login expired, please log in again');
  if (row.revoked_at !== null)
    throw new ApiFailure(XCODE.loginReplaced, 'You logged in elsewhere, please log in again');
  if (row.expires_at <= now) throw new ApiFailure(XCODE.loginExpired, 'Login expired, please log in again');
  return { userId: row.user_id };
}

export function requireViewer(db: Db, request: FastifyRequest, now = Date.now()): Viewer {
  const viewer = optionalViewer(db, request, now);
  if (!viewer) throw new ApiFailure(XCODE.loginRequired, 'Please log in first');
  return viewer;
}
