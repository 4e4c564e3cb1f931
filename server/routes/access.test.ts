import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { createSession } from '../auth/sessions';
import { passwordMatches } from './access';

let app: Awaited<ReturnType<typeof buildServer>>;
const headers = (userId: number) => ({ authorization: `Bearer ${createSession(app.db, userId)}` });

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test' });
  for (const id of [60, 61])
    app.db.prepare('INSERT INTO users (id, nickname, created_at) VALUES (?, ?, 0)').run(id, `viewer${id}`);
});
afterAll(() => app.close());

const unlock = (payload: object, userId?: number) =>
  app.inject({
    method: 'POST',
    url: '/v3/api/video/password_show',
    payload,
    headers: userId ? headers(userId) : {},
  });
const detail = async (token: string, userId: number) =>
  (await app.inject({ url: `/v3/api/video/detail?token=${token}`, headers: headers(userId) })).json().data;

describe('POST /v3/api/video/password_show', () => {
  it('refuses a wrong password with a clear message and hands out no stream', async () => {
    const answer = (await unlock({ token: 'secret-e2e', password: '4321' }, 60)).json();
    expect(answer).toEqual({ xcode: 400, msg: 'Incorrect video password', data: null });
    expect(await detail('secret-e2e', 60)).toMatchObject({ needs_password: true, live_url: '' });
  });

  it('unlocks with the right password for this viewer only, and remembers it', async () => {
    const answer = (await unlock({ token: 'secret-e2e', password: '1234' }, 60)).json();
    expect(answer).toMatchObject({ xcode: 200, data: { token: 'secret-e2e', unlocked: true } });
    expect(await detail('secret-e2e', 60)).toMatchObject({
      needs_password: false,
      can_watch: true,
      live_url: expect.stringContaining('.m3u8'),
    });
    expect(await detail('secret-e2e', 61)).toMatchObject({ needs_password: true, live_url: '' });
    // Again: still fine, one access row.
    expect((await unlock({ token: 'secret-e2e', password: '1234' }, 60)).json().xcode).toBe(200);
    const rows = app.db
      .prepare("SELECT COUNT(*) AS n FROM event_access WHERE user_id = 60 AND gate = 'password'")
      .get() as { n: number };
    expect(rows.n).toBe(1);
  });

  it('needs a logged-in viewer, a known event and a non-empty password', async () => {
    expect((await unlock({ token: 'secret-e2e', password: '1234' })).json().xcode).toBe(401);
    expect((await unlock({ token: 'nosuch', password: '1234' }, 61)).json().xcode).toBe(404);
    expect((await unlock({ token: 'secret-e2e', password: '' }, 61)).json().xcode).toBe(400);
    expect((await unlock({ token: 'secret-e2e' }, 61)).json().xcode).toBe(400);
  });

  it('leaves the seeded screenshot events alone: e2e events are separate', async () => {
    const tokens = app.db.prepare("SELECT token FROM events WHERE token LIKE '%-e2e' ORDER BY id").all();
    expect(tokens).toEqual(
      expect.arrayContaining([{ token: 'secret-e2e' }, { token: 'paid-e2e' }, { token: 'info-e2e' }]),
    );
    expect(await detail('secret', 60)).toMatchObject({ needs_password: true });
    expect(await detail('paid-e2e', 61)).toMatchObject({ price: 100, can_watch: false });
    expect(await detail('info-e2e', 61)).toMatchObject({ needs_info_form: true, can_watch: false });
  });
});

describe('passwordMatches', () => {
  it('compares whole passwords', () => {
    expect(passwordMatches('1234', '1234')).toBe(true);
    expect(passwordMatches('1234', '123')).toBe(false);
    expect(passwordMatches('1234', '12345')).toBe(false);
  });
});
