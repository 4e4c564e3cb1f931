import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';

let clock = 1_800_000_000_000;
let app: Awaited<ReturnType<typeof buildServer>>;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
});
afterAll(() => app.close());

const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const get = async (url: string, token?: string) => (await app.inject({ url, headers: auth(token) })).json();
const post = async (url: string, payload: object, token?: string) =>
  (await app.inject({ method: 'POST', url, payload, headers: auth(token) })).json();

async function login(email: string): Promise<{ token: string; userId: number }> {
  const { data } = await post('/v3/api/email_anonymous_login', { email });
  return { token: data.token, userId: data.user_id };
}

describe('image text, related, more/new, vote totals', () => {
  it('answers the stored introduction HTML as written (the app sanitizes it)', async () => {
    const answer = await get('/v3/api/video/get_video_image_text?token=vod-e2e');
    expect(answer.xcode).toBe(200);
    expect(answer.data.html).toContain('<script>');
    expect((await get('/v3/api/video/get_video_image_text?token=secret')).data).toEqual({ html: '' });
    expect((await get('/v3/api/video/get_video_image_text?token=nope')).xcode).toBe(404);
    expect((await get('/v3/api/video/get_video_image_text')).xcode).toBe(400);
  });

  it('lists related videos in the organiser order', async () => {
    const { xcode, data } = await get('/v3/api/video/related?token=demo&locale=en&inviteId=7');
    expect(xcode).toBe(200);
    expect(data.list.map((video: { token: string }) => video.token)).toEqual(['vod', 'secret', 'paid']);
    expect(data.list[0]).toMatchObject({
      title: expect.any(String),
      cover: expect.any(String),
      live_status: 2,
    });
    expect((await get('/v3/api/video/related?token=info')).data.list).toEqual([]);
    expect((await get('/v3/api/video/related?token=')).xcode).toBe(400);
  });

  it('pages more/new videos of the same channel, newest first, without the event itself', async () => {
    const first = await get('/v2/api/video/more/new?token=demo&limit=2');
    expect(first.data).toMatchObject({ total: 4, page: 1, limit: 2 });
    const second = await get('/v2/api/video/more/new?token=demo&limit=2&page=2');
    const tokens = [...first.data.list, ...second.data.list].map((video: { token: string }) => video.token);
    expect(tokens).toEqual(['info', 'paid', 'secret', 'vod']);
    expect((await get('/v2/api/video/more/new?token=demo&limit=0')).xcode).toBe(400);
    expect((await get('/v2/api/video/more/new?token=demo&page=abc')).xcode).toBe(400);
  });

  it('sums vote totals of the event contests with the leaders', async () => {
    const { xcode, data } = await get('/v3/api/video/vote-total-list?token=demo&limit=3');
    expect(xcode).toBe(200);
    expect(data.contests).toHaveLength(1);
    const [contest] = data.contests;
    expect(contest.players).toHaveLength(3);
    const votes = contest.players.map((player: { votes: number }) => player.votes);
    expect([...votes].sort((a, b) => b - a)).toEqual(votes);
    expect(contest.total_votes).toBeGreaterThanOrEqual(votes[0] + votes[1] + votes[2]);
    expect((await get('/v3/api/video/vote-total-list?token=vod')).data).toEqual({ contests: [] });
    expect((await get('/v3/api/video/vote-total-list?token=demo&limit=99')).xcode).toBe(400);
  });
});

describe('episodes', () => {
  it('lists three episodes, each with its own stream, and counts them in the detail', async () => {
    const { data } = await post('/v3/api/video/episode/list', { token: 'vod' });
    expect(data.list.map((episode: { position: number }) => episode.position)).toEqual([1, 2, 3]);
    const urls = new Set(data.list.map((episode: { stream_url: string }) => episode.stream_url));
    expect(urls.size).toBe(3);
    expect(data.list[0]).toMatchObject({ duration: 12, progress: 0 });
    expect((await get('/v3/api/video/detail?token=vod')).data.episode_count).toBe(3);
    expect((await get('/v3/api/video/detail?token=demo')).data.episode_count).toBe(0);
    expect((await post('/v3/api/video/episode/list', {})).xcode).toBe(400);
  });

  it('hands out no episode stream to a viewer who has not passed the gates', async () => {
    const secret = await app.sql
      .selectFrom('events')
      .select('id')
      .where('token', '=', 'secret')
      .executeTakeFirstOrThrow();
    await app.sql
      .insertInto('episodes')
      .values({ event_id: secret.id, position: 1, title: 'x', stream: 'demo', duration_s: 12 })
      .execute();
    const { data } = await post('/v3/api/video/episode/list', { token: 'secret' });
    expect(data.list).toHaveLength(1);
    expect(data.list[0].stream_url).toBe('');
  });

  it('saves progress (clamped to the episode), binds the episode, resumes from it', async () => {
    const { token } = await login('episodes@test.livev3');
    const { data: episodes } = await post('/v3/api/video/episode/list', { token: 'vod-e2e' }, token);
    const second = episodes.list[1].id;
    expect((await post('/v3/api/video/episode/bind/info', { token: 'vod-e2e' }, token)).data).toEqual({
      episode_id: null,
      position: 0,
    });
    const saved = await post(
      '/v3/api/video/episode/watch_process',
      { token: 'vod-e2e', episode_id: second, position: 6.43 },
      token,
    );
    expect(saved).toMatchObject({ xcode: 200, data: { episode_id: second, position: 6.4 } });
    expect((await post('/v3/api/video/episode/bind/info', { token: 'vod-e2e' }, token)).data).toEqual({
      episode_id: second,
      position: 6.4,
    });
    const list = (await post('/v3/api/video/episode/list', { token: 'vod-e2e' }, token)).data.list;
    expect(list.map((episode: { progress: number }) => episode.progress)).toEqual([0, 6.4, 0]);
    const past = await post(
      '/v3/api/video/episode/watch_process',
      { token: 'vod-e2e', episode_id: second, position: 99 },
      token,
    );
    expect(past.data.position).toBe(12);

    const third = episodes.list[2].id;
    expect(
      (await post('/v3/api/video/episode/bind/save', { token: 'vod-e2e', episode_id: third }, token)).data,
    ).toEqual({
      episode_id: third,
    });
    expect((await post('/v3/api/video/episode/bind/info', { token: 'vod-e2e' }, token)).data).toEqual({
      episode_id: third,
      position: 0,
    });
  });

  it('accepts the form-encoded progress a page-hide keepalive sends', async () => {
    const { token } = await login('keepalive@test.livev3');
    const { data } = await post('/v3/api/video/episode/list', { token: 'vod-e2e' }, token);
    const response = await app.inject({
      method: 'POST',
      url: '/v3/api/video/episode/watch_process?locale=zh-CN',
      headers: { ...auth(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=vod-e2e&episode_id=${data.list[0].id}&position=3.5`,
    });
    expect(response.json()).toMatchObject({ xcode: 200, data: { position: 3.5 } });
  });

  it('refuses bad progress input with a clear envelope', async () => {
    const { token } = await login('bad-episodes@test.livev3');
    const vodEpisode = (await post('/v3/api/video/episode/list', { token: 'vod' })).data.list[0].id;
    expect(
      await post('/v3/api/video/episode/watch_process', { token: 'vod-e2e', episode_id: 1, position: 1 }),
    ).toMatchObject({
      xcode: 401,
    });
    expect(
      await post(
        '/v3/api/video/episode/watch_process',
        { token: 'vod-e2e', episode_id: vodEpisode, position: 1 },
        token,
      ),
    ).toMatchObject({ xcode: 404, msg: '本活动没有这一集' });
    const negative = await post(
      '/v3/api/video/episode/watch_process',
      { token: 'vod-e2e', episode_id: vodEpisode, position: -1 },
      token,
    );
    expect(negative).toMatchObject({ xcode: 400, msg: '请求参数有误：位置不能小于 0' });
    expect(
      (await post('/v3/api/video/episode/bind/save', { token: 'vod-e2e', episode_id: 'x' }, token)).xcode,
    ).toBe(400);
    expect((await post('/v3/api/video/episode/bind/info', { token: 'vod-e2e' })).xcode).toBe(401);
  });
});

describe('invitations', () => {
  it('records an invitation once per viewer per event, never a self-invite, and lists it for the inviter', async () => {
    const inviter = await login('inviter@test.livev3');
    const guest = await login('guest@test.livev3');
    const other = await login('other@test.livev3');

    clock += 1000;
    const first = await post(
      '/v3/api/video/invite/sog',
      { token: 'vod-e2e', invite_id: inviter.userId },
      guest.token,
    );
    expect(first).toMatchObject({ xcode: 200, data: { recorded: true } });
    const again = await post(
      '/v3/api/video/invite/sog',
      { token: 'vod-e2e', invite_id: other.userId },
      guest.token,
    );
    expect(again).toMatchObject({ xcode: 200, data: { recorded: false } });
    const self = await post(
      '/v3/api/video/invite/sog',
      { token: 'vod-e2e', invite_id: other.userId },
      other.token,
    );
    expect(self).toMatchObject({ xcode: 400, msg: '不能邀请自己' });

    const { data } = await get('/v3/api/video/invite/list?token=vod-e2e', inviter.token);
    expect(data.total).toBe(1);
    expect(data.list).toEqual([
      { user_id: guest.userId, nickname: 'guest', avatar: '', invited_at: Math.floor(clock / 1000) },
    ]);
    expect((await get('/v3/api/video/invite/list?token=vod-e2e', other.token)).data).toEqual({
      list: [],
      total: 0,
    });
    // Invitations are per event: the same guest may still be invited to another one.
    const elsewhere = await post(
      '/v3/api/video/invite/sog',
      { token: 'vod', invite_id: other.userId },
      guest.token,
    );
    expect(elsewhere.data.recorded).toBe(true);
  });

  it('refuses bad invitation input', async () => {
    const guest = await login('guest2@test.livev3');
    expect((await post('/v3/api/video/invite/sog', { token: 'vod-e2e', invite_id: 1 })).xcode).toBe(401);
    expect(
      (await post('/v3/api/video/invite/sog', { token: 'vod-e2e', invite_id: 0 }, guest.token)).xcode,
    ).toBe(400);
    // An unknown inviter is answered like a known one (server/security/leaks.test.ts) and records nothing.
    expect(
      await post('/v3/api/video/invite/sog', { token: 'vod-e2e', invite_id: 999999 }, guest.token),
    ).toMatchObject({ xcode: 200, data: { recorded: true } });
    expect(
      await app.sql.selectFrom('invitations').selectAll().where('inviter_id', '=', 999999).execute(),
    ).toEqual([]);
    expect((await get('/v3/api/video/invite/list?token=vod-e2e')).xcode).toBe(401);
    expect((await get('/v3/api/video/invite/list?token=vod-e2e&limit=500', guest.token)).xcode).toBe(400);
  });
});
