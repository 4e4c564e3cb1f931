/**
 * One session per user: a login elsewhere revokes the older one, even when the logins arrive at once. On SQLite the
 * transactions take turns anyway; in the PostgreSQL run (scripts/test-postgres.ts) they really overlap, and without
 * the lock on the user's row each login revoked only what was committed before it, so several sessions stayed open.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Data } from '../db/open.ts';
import { openTestData } from '../db/test-database.ts';
import { seedDemo } from '../seed/demo.ts';
import { findViewerByToken, sessionStarter, startSession } from './sessions.ts';

let data: Data;
beforeAll(async () => {
  // The demo seed: on PostgreSQL the database is a copy of the template every suite shares.
  data = await openTestData(seedDemo);
}, 60_000);
afterAll(() => data.close());

async function newUser(nickname: string): Promise<number> {
  const row = await data.sql
    .insertInto('users')
    .values({ nickname, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const openSessions = async (userId: number) =>
  (
    await data.sql
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute()
  ).length;

it('20 logins of one user at once leave exactly one session open', async () => {
  const userId = await newUser('twenty logins');
  await startSession(data.sql, userId, 1_000);
  const kept: string[] = [];
  let clock = 2_000;
  const sessions = sessionStarter({ sql: data.sql, now: () => clock++ }, (replaced) =>
    kept.push(replaced.kept),
  );
  const tokens = await Promise.all(Array.from({ length: 20 }, () => sessions.start(userId)));
  expect(await openSessions(userId)).toBe(1);
  const open = await Promise.allSettled(tokens.map((token) => findViewerByToken(data.sql, token, 3_000)));
  expect(open.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  // Every login revoked the one before it (the first revoked the session that was there before all of them).
  expect(kept).toHaveLength(20);
});

it('logins of different users at once do not revoke each other', async () => {
  const users = await Promise.all(Array.from({ length: 10 }, (_, n) => newUser(`user ${n}`)));
  await Promise.all(users.map((userId) => startSession(data.sql, userId, 1_000)));
  for (const userId of users) expect(await openSessions(userId)).toBe(1);
});
