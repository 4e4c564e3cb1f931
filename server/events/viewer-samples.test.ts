/**
 * The minute's audience samples, on SQLite and, in the PostgreSQL run (TEST_DATABASE_URL), on PostgreSQL: written once
 * per event and minute however many nodes (samplers) write it at once, the first write kept; a sampler looks every
 * few seconds but writes a minute once, and only rooms with viewers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openData, type Data } from '../db/open.ts';
import { testDatabase, type TestDatabase } from '../db/test-database.ts';
import { seedDemo } from '../seed/demo.ts';
import { minuteOf, recordViewerSamples, viewerSampler } from './viewer-samples.ts';

const engines: ['sqlite' | 'postgres', () => Promise<{ data: Data; fresh?: TestDatabase }>][] = [
  ['sqlite', async () => ({ data: await openData({ databasePath: ':memory:' }) })],
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

/** Events of this test only (the PostgreSQL template holds the demo's). */
const FIRST = 99_001;
const SECOND = 99_002;
const tokenOf = (id: number) => `samples-${id}`;

describe.each(engines)('viewer samples on %s', (_engine, open) => {
  let data: Data;
  let fresh: TestDatabase | undefined;
  let clock = Date.UTC(2026, 5, 1, 12, 0, 5);
  const rows = () =>
    data.sql
      .selectFrom('event_viewer_samples')
      .selectAll()
      .where('event_id', 'in', [FIRST, SECOND])
      .orderBy('event_id')
      .orderBy('minute')
      .execute();

  // The first PostgreSQL run migrates and seeds the template database.
  beforeAll(async () => {
    ({ data, fresh } = await open());
    await data.sql.insertInto('users').values({ id: FIRST, nickname: 'host', created_at: 0 }).execute();
    await data.sql
      .insertInto('events')
      .values(
        [FIRST, SECOND].map((id) => ({ id, token: tokenOf(id), title: `samples ${id}`, owner_id: FIRST })),
      )
      .execute();
  }, 180_000);
  afterAll(async () => {
    await data?.close();
    await fresh?.drop();
  });

  /** One node: the rooms it holds and the counts over every node it reads. */
  function node(rooms: string[], counts: Record<string, number>) {
    let looks = 0;
    const sampler = viewerSampler({
      sql: data.sql,
      now: () => clock,
      rooms: () => rooms,
      viewers: (token) => counts[token] ?? 0,
      eventId: async (token) => {
        looks += 1;
        const id = Number(token.slice('samples-'.length));
        return id === FIRST || id === SECOND ? id : undefined;
      },
    });
    return { sampler, looks: () => looks };
  }

  it('keep one row per event and minute when nodes write it at once', async () => {
    const minute = minuteOf(clock);
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        recordViewerSamples(data.sql, minute, [{ eventId: FIRST, viewers: 7 + index }]),
      ),
    );
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ event_id: FIRST, minute });
    expect(row.viewers).toBeGreaterThanOrEqual(7);
    await recordViewerSamples(data.sql, minute, [{ eventId: FIRST, viewers: 100 }]);
    expect(await rows()).toEqual([row]);
  });

  it('are taken once a minute by each node, one row per minute over both, rooms without viewers left out', async () => {
    await data.sql.deleteFrom('event_viewer_samples').where('event_id', 'in', [FIRST, SECOND]).execute();
    const counts = { [tokenOf(FIRST)]: 5, [tokenOf(SECOND)]: 0 };
    const a = node([tokenOf(FIRST), tokenOf(SECOND), 'samples-gone'], counts);
    const b = node([tokenOf(FIRST)], counts);
    const first = minuteOf(clock);
    await Promise.all([a.sampler.tick(), b.sampler.tick()]);
    clock += 10_000;
    await a.sampler.tick();
    // The second look within the minute wrote nothing (it did not even look the rooms up).
    expect(a.looks()).toBe(3);
    counts[tokenOf(FIRST)] = 6;
    clock += 50_000;
    await Promise.all([b.sampler.tick(), a.sampler.tick()]);
    expect(await rows()).toEqual([
      { event_id: FIRST, minute: first, viewers: 5 },
      { event_id: FIRST, minute: first + 60, viewers: 6 },
    ]);
  });
});
