/**
 * Session tokens: 32 random bytes, only their SHA-256 is stored. A token expires (xcode 100004) or is revoked when the
 * user logs in again elsewhere (100005). Sent as `Authorization: Bearer <token>` (or the raw token), with the WeChat
 * browser cookie auth_token_2 as the fallback.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { lockedForUpdate } from '../db/engine.ts';
import { firstRow, prepared } from '../db/prepared.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE } from '../envelope.ts';

/** The refusals of a missing, expired or replaced login, in both languages (answered in the request's locale). */
export const LOGIN_EXPIRED = {
  'zh-CN': '登录已过期，请重新登录',
  en: 'Login expired, please log in again',
} as const;
export const LOGIN_REPLACED = {
  'zh-CN': '你已在其他地方登录，请重新登录',
  en: 'You logged in elsewhere, please log in again',
} as const;
export const LOGIN_REQUIRED = { 'zh-CN': '请先登录', en: 'Please log in first' } as const;

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

export type Viewer = { userId: number };

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Told when a new login revoked a user's earlier sessions (`kept` is the new session's token): the realtime server
 * cuts the sockets of the revoked ones at once (server/realtime.ts).
 */
export type SessionsReplaced = (replaced: { userId: number; kept: string }) => void;

/** What every login calls (services.sessions): a new session, the user's earlier ones revoked and their sockets cut. */
export type Sessions = { start(userId: number): Promise<string> };

export function sessionStarter(
  services: { sql: Sql; now: () => number },
  replaced: SessionsReplaced,
): Sessions {
  return {
    async start(userId) {
      const { token, revoked } = await openSession(services.sql, userId, services.now());
      if (revoked > 0) replaced({ userId, kept: token });
      return token;
    },
  };
}

export function requestToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const fromHeader = header.replace(/^Bearer\s+/i, '').trim();
  if (fromHeader) return fromHeader;
  const cookie = request.headers.cookie ?? '';
  const match = /(?:^|;\s*)auth_token_2=([^;]+)/.exec(cookie);
  return match ? decodeURIComponent(match[1]) : '';
}

/**
 * A new session's token and its row as stored (only the token's hash): what `startSession` writes, and what a bench
 * writes in bulk into a SQLite file before the server reads it.
 */
export function sessionRow(userId: number, now: number, ttlMs = SESSION_TTL_MS) {
  const token = crypto.randomBytes(32).toString('base64url');
  return {
    token,
    row: { token_hash: hash(token), user_id: userId, created_at: now, expires_at: now + ttlMs },
  };
}

/**
 * A new session for the user (logins call it through services.sessions); earlier sessions of the user are revoked in
 * the same transaction (xcode 100005 for them from then on), which holds the user's row: of logins at once, each
 * revokes the one before it and only the last stays open. Given a transaction, it runs in it.
 */
export async function startSession(
  sql: Sql,
  userId: number,
  now: number,
  ttlMs = SESSION_TTL_MS,
): Promise<string> {
  return (await openSession(sql, userId, now, ttlMs)).token;
}

/** startSession, with how many earlier sessions it revoked (services.sessions cuts their sockets). */
export async function openSession(
  sql: Sql,
  userId: number,
  now: number,
  ttlMs = SESSION_TTL_MS,
): Promise<{ token: string; revoked: number }> {
  const { token, row } = sessionRow(userId, now, ttlMs);
  const start = async (trx: Sql) => {
    // Logins of one user take turns on the user's row (PostgreSQL): without it, two logins at once each revoke only
    // what was committed before them and both keep their session. SQLite has one writer at a time anyway.
    await lockedForUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).execute();
    const [update] = await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx.insertInto('sessions').values(row).execute();
    return Number(update?.numUpdatedRows ?? 0);
  };
  const revoked = await (sql.isTransaction ? start(sql) : sql.transaction().execute(start));
  return { token, revoked };
}

const sessionByHash = prepared((sql, p) =>
  sql
    .selectFrom('sessions')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', p('hash')),
);

/** The viewer behind a bare token (null without a token; the socket's handshake); expired or replaced is an error. */

export async function findViewerByToken(sql: Sql, token: string, now: number): Promise<Viewer | null> {
  if (!token) return null;
  const row = await firstRow(sql, sessionByHash, { hash: hash(token) });
  if (!row) throw new ApiFailure(XCODE.loginExpired, LOGIN_EXPIRED);
  if (row.revoked_at !== null) throw new ApiFailure(XCODE.loginReplaced, LOGIN_REPLACED);
  if (Number(row.expires_at) <= now) throw new ApiFailure(XCODE.loginExpired, LOGIN_EXPIRED);
  return { userId: row.user_id };
}

/** The viewer behind the request, null for an anonymous one; an expired or replaced token is an error. */
export function findViewer(sql: Sql, request: FastifyRequest, now: number): Promise<Viewer | null> {
  return findViewerByToken(sql, requestToken(request), now);
}

/** A logged-in viewer, or xcode 100003. */
export async function needViewer(sql: Sql, request: FastifyRequest, now: number): Promise<Viewer> {
  const viewer = await findViewer(sql, request, now);
  if (!viewer) throw new ApiFailure(XCODE.loginRequired, LOGIN_REQUIRED);
  return viewer;
}

/** A session as its owner sees it: `id` is a prefix of the stored hash (never the token itself). */
export type SessionSummary = { id: string; created_at: number; expires_at: number; current: boolean };

export const sessionIdOf = (token: string) => hash(token).slice(0, 16);

export async function listSessions(sql: Sql, userId: number, currentToken: string, now: number) {
  const rows = await sql
    .selectFrom('sessions')
    .select(['token_hash', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  const current = currentToken ? hash(currentToken) : '';
  return rows.map((row): SessionSummary => ({
    id: row.token_hash.slice(0, 16),
    created_at: Number(row.created_at),
    expires_at: Number(row.expires_at),
    current: row.token_hash === current,
  }));
}

/**
 * Revokes one session of the user (by its id prefix) or, with a token, that token's session. Answers the revoked
 * session's id (for the sockets to drop), or null when nothing open matched.
 */
export async function revokeSession(
  sql: Sql,
  userId: number,
  which: { id: string } | { token: string },
  now: number,
): Promise<string | null> {
  const query = sql
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  const row = await (
    'token' in which
      ? query.where('token_hash', '=', hash(which.token))
      : query.where('token_hash', 'like', `${which.id.replace(/[^0-9a-f]/g, '')}%`)
  )
    .returning('token_hash')
    .executeTakeFirst();
  return row ? row.token_hash.slice(0, 16) : null;
}
