import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import { passwordMatches } from './access-routes';

let app: Awaited<ReturnType<typeof buildServer>>;
const headers = async (userId: number) => ({
  authorization: `Bearer ${await startSession(app.sql, userId, app.now())}`,
});

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test' });
  await app.sql
    .insertInto('users')
    .values([60, 61].map((id) => ({ id, nickname: `viewer${id}`, created_at: 0 })))
    .execute();
});
afterAll(() => app.close());

const unlock = async (payload: object, userId?: number) =>
  app.inject({
    method: 'POST',
    url: '/v3/api/video/password_show',
    payload,
    headers: userId ? await headers(userId) : {},
  });
const detail = async (token: string, userId: number) =>
  (await app.inject({ url: `/v3/api/video/detail?token=${token}`, headers: await headers(userId) })).json()
    .data;

describe('POST /v3/api/video/password_show', () => {
  it('refuses a wrong password with a clear message and hands out no stream', async () => {
    const answer = (await unlock({ token: 'secret-e2e', password: '4321' }, 60)).json();
    expect(answer).toEqual({ xcode: 400, msg: '视频密码错误', data: null });
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
    const rows = await app.sql
      .selectFrom('event_access')
      .select('event_id')
      .where('user_id', '=', 60)
      .where('gate', '=', 'password')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('needs a logged-in viewer, a known event and a non-empty password', async () => {
    expect((await unlock({ token: 'secret-e2e', password: '1234' })).json().xcode).toBe(401);
    expect((await unlock({ token: 'nosuch', password: '1234' }, 61)).json().xcode).toBe(404);
    expect((await unlock({ token: 'secret-e2e', password: '' }, 61)).json().xcode).toBe(400);
    expect((await unlock({ token: 'secret-e2e' }, 61)).json().xcode).toBe(400);
  });

  it('leaves the seeded screenshot events alone: e2e events are separate', async () => {
    const tokens = await app.sql
      .selectFrom('events')
      .select('token')
      .where('token', 'like', '%-e2e')
      .orderBy('id')
      .execute();
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
