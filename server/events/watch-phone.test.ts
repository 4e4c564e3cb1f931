import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';

let app: Awaited<ReturnType<typeof buildServer>>;
let clock = 1_800_000_000_000;
const headers = async (userId: number) => ({
  authorization: `Bearer ${await startSession(app.sql, userId, clock)}`,
});

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
  await app.sql
    .insertInto('users')
    .values([70, 71].map((id) => ({ id, nickname: `viewer${id}`, created_at: 0 })))
    .execute();
});
afterAll(() => app.close());

const detail = async (token: string, userId?: number) =>
  (
    await app.inject({
      url: `/v3/api/video/detail?token=${token}`,
      headers: userId ? await headers(userId) : {},
    })
  ).json().data;
const post = async (url: string, payload: object, userId: number) =>
  app.inject({ method: 'POST', url, payload, headers: await headers(userId) });

/** A passed slide check for the phone (a bind code needs its ticket). */
async function slideTicket(phone: string, userId: number): Promise<string> {
  const challenge = (await post('/v3/api/slide/challenge', { phone }, userId)).json().data.challenge_id;
  clock += 800;
  const track = [
    [0, 0],
    [300, 200],
    [1000, 700],
  ];
  return (await post('/v3/api/slide/verify', { challenge_id: challenge, phone, track }, userId)).json().data
    .ticket;
}

describe('watch-phone gate', () => {
  it('hides the streams from viewers without a bound phone, anonymous ones included', async () => {
    expect(await detail('phone-e2e', 70)).toMatchObject({
      needs_phone: true,
      can_watch: false,
      live_url: '',
      replay_url: '',
    });
    expect(await detail('phone-e2e')).toMatchObject({ needs_phone: true, can_watch: false, live_url: '' });
    expect((await post('/v3/api/video/watch_phone', { token: 'phone-e2e' }, 70)).json()).toMatchObject({
      xcode: 200,
      data: { bound: false },
    });
  });

  it('hands the streams out once the viewer binds a phone with a code, to that viewer only', async () => {
    const phone = '13977770070';
    expect((await post('/v3/api/phone/sms/bind', { phone }, 70)).json().xcode).toBe(400);
    const ticket = await slideTicket(phone, 70);
    expect((await post('/v3/api/phone/sms/bind', { phone, ticket }, 70)).json().xcode).toBe(200);
    const { code } = (await app.inject({ url: `/dev/sms/last?phone=${phone}` })).json().data as {
      code: string;
    };
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('/v2/api/user/phone/bind', { phone, code: wrong }, 70)).json().xcode).toBe(400);
    expect((await detail('phone-e2e', 70)).needs_phone).toBe(true);

    expect((await post('/v2/api/user/phone/bind', { phone, code }, 70)).json()).toMatchObject({
      xcode: 200,
      data: { phone: '139****0070' },
    });
    expect((await post('/v3/api/video/watch_phone', { token: 'phone-e2e' }, 70)).json().data).toEqual({
      bound: true,
      phone: '139****0070',
    });
    expect(await detail('phone-e2e', 70)).toMatchObject({
      needs_phone: false,
      can_watch: true,
      live_url: expect.stringContaining('.m3u8'),
    });
    expect(await detail('phone-e2e', 71)).toMatchObject({ needs_phone: true, live_url: '' });
  });

  it('never asks the organiser, and leaves events without the flag alone', async () => {
    expect(await detail('phone', 1)).toMatchObject({ needs_phone: false, can_watch: true });
    expect(await detail('demo', 71)).toMatchObject({ needs_phone: false, can_watch: true });
    expect(await detail('phone', 71)).toMatchObject({ needs_phone: true, title: '新品品鉴会（需绑定手机）' });
  });
});
