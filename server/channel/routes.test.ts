import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { gramsOf, titleKey } from '../events/title-search.ts';

let app: Awaited<ReturnType<typeof buildServer>>;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test' });
});
afterAll(() => app.close());

const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const get = async (url: string, token?: string) => (await app.inject({ url, headers: auth(token) })).json();
const post = async (url: string, payload: object, token?: string) =>
  (await app.inject({ method: 'POST', url, payload, headers: auth(token) })).json();

async function login(email: string): Promise<string> {
  const { data } = await post('/v3/api/email_anonymous_login', { email });
  return data.token;
}

type Card = { token: string; title: string; live_status: number; price_cents: number; has_password: boolean };

describe('channel home', () => {
  it('answers the channel without a login: profile, categories with counts, live events', async () => {
    const { xcode, data } = await get('/v2/api/home/index?channel_token=showcase&locale=en&inviteId=3');
    expect(xcode).toBe(200);
    expect(data).toMatchObject({ token: 'showcase', title: 'livev3 官方频道', followed: false, user_id: 1 });
    expect(data.official).toMatchObject({ name: 'livev3 服务号', qrcode: expect.stringContaining('qrcode') });
    // Its own logo, cover and official-account QR code (not the channel's QR), served as public images.
    expect(data.official.qrcode).not.toContain('/qrcode/channel');
    for (const image of [data.logo, data.cover, data.official.qrcode]) {
      const served = await app.inject({ url: image });
      expect([image, served.statusCode, served.headers['content-type']]).toEqual([image, 200, 'image/jpeg']);
    }
    expect(data.categories.map((category: { name: string }) => category.name)).toEqual([
      '正在直播',
      '即将开播',
      '精彩回放',
      '付费课程',
      '会员专享',
    ]);
    // The organiser wrote the names in English too: the tabs of a viewer reading English.
    expect(data.categories.map((category: { name_en: string }) => category.name_en)).toEqual([
      'Live now',
      'Coming up',
      'Replays',
      'Paid courses',
      'Members only',
    ]);
    expect(data.categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(72);
    expect(data.live.live_status).toBe(1);
    expect(data.lives.length).toBeGreaterThan(1);
    expect(data.lives.every((video: Card) => video.live_status === 1)).toBe(true);
  });

  it('answers 404 for an unknown channel and 400 without a token', async () => {
    expect((await get('/v2/api/home/index?channel_token=nope')).xcode).toBe(404);
    expect((await get('/v2/api/home/index?channel_token=nope&locale=en')).msg).toBe('No such channel');
    expect((await get('/v2/api/home/index')).xcode).toBe(400);
  });

  it('pages a category in the organiser order and every video with category 0', async () => {
    const home = (await get('/v2/api/home/index?channel_token=showcase')).data;
    const paid = home.categories.find((category: { name: string }) => category.name === '付费课程');
    const first = await get(
      `/v2/api/home/category/video?channel_token=showcase&category_id=${paid.id}&page_size=5`,
    );
    expect(first.data).toMatchObject({ total: paid.count, page: 1, page_size: 5, has_more: true });
    expect(first.data.list.every((video: Card) => video.price_cents > 0)).toBe(true);
    const all = await get(
      '/v2/api/home/category/video?channel_token=showcase&category_id=0&page=4&page_size=20',
    );
    expect(all.data).toMatchObject({ total: 72, has_more: false });
    expect(all.data.list).toHaveLength(12);
    const members = home.categories.find((category: { name: string }) => category.name === '会员专享');
    const locked = await get(`/v2/api/home/category/video?channel_token=showcase&category_id=${members.id}`);
    expect(locked.data.list.every((video: Card) => video.has_password)).toBe(true);
    expect(JSON.stringify(locked.data)).not.toContain('1234');
    const other = (await get('/v2/api/home/index?channel_token=showcase-e2e')).data.categories[0].id;
    expect((await get(`/v2/api/home/category/video?channel_token=showcase&category_id=${other}`)).xcode).toBe(
      404,
    );
    expect((await get('/v2/api/home/category/video?channel_token=showcase&category_id=x')).xcode).toBe(400);
  });

  it('answers the organiser HTML as written (the app sanitizes it)', async () => {
    const channel = await get('/v2/api/home/html/get?channel_token=showcase');
    expect(channel.data.html).toContain('<h3>关于我们</h3>');
    const home = (await get('/v2/api/home/index?channel_token=showcase')).data;
    const paid = home.categories.find((category: { name: string }) => category.name === '付费课程');
    const category = await get(`/v2/api/home/category/html?channel_token=showcase&category_id=${paid.id}`);
    expect(category.data.html).toContain('永久回看');
    expect((await get('/v2/api/home/category/html?channel_token=showcase&category_id=0')).data.html).toBe('');
  });
});

describe('channel search', () => {
  it('normalises titles and makes two-character grams', () => {
    expect(titleKey('  ＬＩＶＥ  直播 ')).toBe('live 直播');
    expect(gramsOf('live 直播')).toEqual(['li', 'iv', 've', '直播']);
  });

  it('finds Chinese substrings of two characters or more, one character by scan, and nothing for a miss', async () => {
    const search = async (keyword: string, extra = '') =>
      (await get(`/v2/api/home/search?channel_token=showcase&keyword=${encodeURIComponent(keyword)}${extra}`))
        .data;
    const courses = await search('大师课');
    expect(courses.total).toBeGreaterThan(0);
    expect(courses.list.every((video: Card) => video.title.includes('大师课'))).toBe(true);
    const two = await search('峰会');
    expect(two.list.every((video: Card) => video.title.includes('峰会'))).toBe(true);
    const one = await search('课');
    expect(one.total).toBeGreaterThanOrEqual(courses.total);
    expect((await search('没有这个标题')).total).toBe(0);
    // Wildcards are literal characters.
    expect((await search('%')).total).toBe(0);
    const paged = await search('·', '&page_size=5&page=2');
    expect(paged).toMatchObject({ page: 2, page_size: 5, has_more: true });
    expect((await get('/v2/api/home/search?channel_token=showcase&keyword=')).xcode).toBe(400);
  });

  it('finds a renamed video by its new title and no longer by the old one, and follows listing and unlisting', async () => {
    const search = async (keyword: string) =>
      (await get(`/v2/api/home/search?channel_token=showcase-e2e&keyword=${encodeURIComponent(keyword)}`))
        .data as { total: number; list: Card[] };
    const rename = (token: string, title: string) =>
      app.sql.updateTable('events').set({ title }).where('token', '=', token).execute();
    // Searched once before any change: the channel's index is built and its check cached.
    expect((await search('星空音乐节')).total).toBe(0);

    await rename('che2e-001', '星空音乐节 · 开幕式');
    const renamed = await search('星空音乐节');
    expect(renamed.total).toBe(1);
    expect(renamed.list[0]).toMatchObject({ token: 'che2e-001', title: '星空音乐节 · 开幕式' });
    await rename('che2e-001', '极光摄影展 · 闭幕式');
    expect((await search('星空音乐节')).total).toBe(0);
    expect((await search('开幕')).total).toBe(0);
    expect((await search('极光摄影')).list.map((video) => video.token)).toEqual(['che2e-001']);

    // A video listed after the seed is found; once unlisted, it is not.
    const channel = await app.sql
      .selectFrom('channels as c')
      .innerJoin('channel_categories as k', 'k.channel_id', 'c.id')
      .select(['c.id', 'k.id as category'])
      .where('c.token', '=', 'showcase-e2e')
      .executeTakeFirstOrThrow();
    const event = await app.sql
      .insertInto('events')
      .values({ token: 'che2e-listed', owner_id: 1, title: '新上架的直播 · 极光摄影' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.sql
      .insertInto('channel_videos')
      .values({ channel_id: channel.id, category_id: channel.category, event_id: event.id, position: 99 })
      .execute();
    expect((await search('极光摄影')).list.map((video) => video.token).sort()).toEqual([
      'che2e-001',
      'che2e-listed',
    ]);
    await app.sql.deleteFrom('channel_videos').where('event_id', '=', event.id).execute();
    expect((await search('新上架')).total).toBe(0);
    expect((await search('极光摄影')).list.map((video) => video.token)).toEqual(['che2e-001']);
  });
});

describe('follow', () => {
  it('needs a login', async () => {
    expect((await post('/v2/api/home/follow', { channel_token: 'showcase-e2e' })).xcode).toBe(401);
  });

  it('counts a follow once however often and concurrently it is sent, and unfollows the same way', async () => {
    const token = await login('channel-follow@example.com');
    const other = await login('channel-follow-2@example.com');
    const before = (await get('/v2/api/home/index?channel_token=showcase-e2e')).data.followers;
    const follows = await Promise.all(
      Array.from({ length: 8 }, () => post('/v2/api/home/follow', { channel_token: 'showcase-e2e' }, token)),
    );
    expect(follows.every((answer) => answer.xcode === 200 && answer.data.followed)).toBe(true);
    await post('/v2/api/home/follow', { channel_token: 'showcase-e2e' }, other);
    const home = (await get('/v2/api/home/index?channel_token=showcase-e2e', token)).data;
    expect(home).toMatchObject({ followed: true, followers: before + 2 });
    const unfollows = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/v2/api/home/unfollow', { channel_token: 'showcase-e2e' }, token),
      ),
    );
    expect(unfollows.every((answer) => answer.data.followed === false)).toBe(true);
    const after = (await get('/v2/api/home/index?channel_token=showcase-e2e', token)).data;
    expect(after).toMatchObject({ followed: false, followers: before + 1 });
  });
});
