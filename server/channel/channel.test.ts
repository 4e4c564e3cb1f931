/**
 * The channel's queries on each engine: SQLite always, PostgreSQL too in the PostgreSQL run (TEST_DATABASE_URL,
 * `node --import tsx scripts/test-postgres.ts server/channel/channel.test.ts`). Follows fired concurrently count once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openData, type Data } from '../db/open.ts';
import { testDatabase, type TestDatabase } from '../db/test-database.ts';
import { seedDemo } from '../seed/demo.ts';
import { syncTitleIndex, titleSearch } from '../events/title-search.ts';
import {
  categoryVideos,
  channelCategories,
  findChannel,
  isFollowing,
  searchVideos,
  setFollowing,
} from './channel.ts';

const engines: ['sqlite' | 'postgres', () => Promise<{ data: Data; fresh?: TestDatabase }>][] = [
  [
    'sqlite',
    async () => {
      const data = await openData({ databasePath: ':memory:' });
      await seedDemo(data.sql);
      return { data };
    },
  ],
];
const url = process.env.TEST_DATABASE_URL;
if (url)
  engines.push([
    'postgres',
    async () => {
      const fresh = await testDatabase(url, seedDemo);
      return { data: await openData({ databasePath: ':memory:', databaseUrl: fresh.url }), fresh };
    },
  ]);

describe.each(engines)('channel queries on %s', (_engine, open) => {
  let data: Data;
  let fresh: TestDatabase | undefined;
  // The first PostgreSQL run migrates and seeds the template database.
  beforeAll(async () => {
    ({ data, fresh } = await open());
  }, 180_000);
  afterAll(async () => {
    await data?.close();
    await fresh?.drop();
  });

  it('reads the showcase channel, its categories and a page of every video', async () => {
    const channel = await findChannel(data.sql, 'showcase');
    expect(channel).toMatchObject({
      title: 'livev3 官方频道',
      followers: 128600,
      official_name: 'livev3 服务号',
    });
    const categories = await channelCategories(data.sql, channel.id);
    expect(categories.reduce((sum, category) => sum + category.count, 0)).toBe(72);
    const page = await categoryVideos(data.sql, channel.id, 0, { offset: 0, limit: 10 });
    expect(page.total).toBe(72);
    expect(page.list[0]).toMatchObject({ live_status: expect.any(Number), views: expect.any(Number) });
  });

  it('searches titles by Chinese substrings, one character, and literal wildcards', async () => {
    const { id } = await findChannel(data.sql, 'showcase');
    const titles = titleSearch(data);
    const search = (keyword: string) => searchVideos(data.sql, titles, id, keyword, { offset: 0, limit: 50 });
    const courses = await search('大师课');
    expect(courses.total).toBe(12);
    expect(courses.eventIds).toHaveLength(12);
    expect((await search('课')).total).toBe(12);
    expect((await search('%')).total).toBe(0);
    expect((await search('没有这个标题')).total).toBe(0);
    const beyond = await searchVideos(data.sql, titles, id, '大师课', { offset: 40, limit: 10 });
    expect(beyond).toEqual({ eventIds: [], total: 12 });
  });

  it('keeps the index in step with renamed, listed and unlisted videos, also when searches catch up at once', async () => {
    const { id } = await findChannel(data.sql, 'showcase-e2e');
    const titles = titleSearch(data);
    const find = async (keyword: string) =>
      (await searchVideos(data.sql, titles, id, keyword, { offset: 0, limit: 50 })).eventIds;
    // The seed indexed every video: nothing to catch up.
    expect(await syncTitleIndex(data.sql, { kind: 'channel', id })).toBe(0);
    const event = await data.sql
      .selectFrom('events')
      .select('id')
      .where('token', '=', 'che2e-002')
      .executeTakeFirstOrThrow();
    await data.sql.updateTable('events').set({ title: '湖畔读书会' }).where('id', '=', event.id).execute();
    expect(await find('湖畔读书')).toEqual([event.id]);
    await data.sql.updateTable('events').set({ title: '山谷徒步日' }).where('id', '=', event.id).execute();
    // Concurrent searches that all find the row out of date rebuild it without a conflict.
    const answers = await Promise.all(Array.from({ length: 4 }, () => find('山谷徒步')));
    expect(answers.every((ids) => ids.length === 1 && ids[0] === event.id)).toBe(true);
    expect(await find('湖畔读书')).toEqual([]);
    expect(await syncTitleIndex(data.sql, { kind: 'channel', id })).toBe(0);
  });

  it('counts concurrent and repeated follows once, and unfollows the same way', async () => {
    const { id } = await findChannel(data.sql, 'showcase-e2e');
    const follow = (userId: number, value: boolean) => setFollowing(data.sql, id, userId, value, 1);
    await Promise.all(Array.from({ length: 10 }, () => follow(9001, true)));
    await follow(9002, true);
    expect((await findChannel(data.sql, 'showcase-e2e')).followers).toBe(2);
    expect(await isFollowing(data.sql, id, 9001)).toBe(true);
    const unfollows = await Promise.all(Array.from({ length: 5 }, () => follow(9001, false)));
    expect(unfollows.every((answer) => !answer.followed)).toBe(true);
    expect((await findChannel(data.sql, 'showcase-e2e')).followers).toBe(1);
    expect(await isFollowing(data.sql, id, 9001)).toBe(false);
  });
});
