/**
 * Bench viewers' sessions, written in bulk straight into the SQLite file the bench's server reads (the login endpoints
 * are rate limited per IP, as they should be): the rows `startSession` would write, token hash and all.
 */
import { sessionRow } from '../../server/accounts/sessions.ts';
import type { Db } from '../../server/db/database.ts';

/** A function that gives a user a session and answers its token (call it inside the caller's transaction). */
export function benchLogins(db: Db): (userId: number, ttlMs?: number) => string {
  const insert = db.prepare(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (@token_hash, @user_id, @created_at, @expires_at)',
  );
  return (userId, ttlMs) => {
    const { token, row } = sessionRow(userId, Date.now(), ttlMs);
    insert.run(row);
    return token;
  };
}
