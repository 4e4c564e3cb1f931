/**
 * The minute's audience samples: written once per event and minute however many nodes (samplers) write it, the
 * first write kept; a sampler looks every few seconds but writes a minute once, and only rooms with viewers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openData, type Data } from '../db/open.ts';
import { minuteOf, recordViewerSamples, viewerSampler } from './viewer-samples.ts';

let data: Data;
let clock = Date.UTC(2026, 5, 1, 12, 0, 5);
const rows = () =>
  data.sql.selectFrom('event_viewer_samples').selectAll().orderBy('event_id').orderBy('minute').execute();

beforeAll(async () => {
  data = await openData({ databasePath: ':memory:' });
  await data.sql.insertInto('users').values({ id: 1, nickname: 'host', created_at: 0 }).execute();
  await data.sql
    .insertInto('events')
    .values([1, 2].map((id) => ({ id, token: `samples-${id}`, title: `samples ${id}`, owner_id: 1 })))
    .execute();
});
afterAll(() => data.close());

/** One node: the rooms it holds and the counts over every node it reads. */
function node(rooms: string[], counts: Record<string, number>) {
  let writes = 0;
  const sampler = viewerSampler({
    sql: data.sql,
    now: () => clock,
    rooms: () => rooms,
    viewers: (token) => counts[token] ?? 0,
    eventId: async (token) => {
      writes += 1;
      return token.startsWith('samples-') ? Number(token.slice('samples-'.length)) : undefined;
    },
  });
  return { sampler, writes: () => writes };
}

describe('viewer samples', () => {
  it('keep one row per event and minute when two nodes write it', async () => {
    const minute = minuteOf(clock);
    await recordViewerSamples(data.sql, minute, [{ eventId: 1, viewers: 7 }]);
    await recordViewerSamples(data.sql, minute, [{ eventId: 1, viewers: 8 }]);
    expect(await rows()).toEqual([{ event_id: 1, minute, viewers: 7 }]);
  });

  it('are taken once a minute by each node, one row per minute over both, rooms without viewers left out', async () => {
    await data.sql.deleteFrom('event_viewer_samples').execute();
    const counts = { 'samples-1': 5, 'samples-2': 0 };
    const a = node(['samples-1', 'samples-2', 'gone'], counts);
    const b = node(['samples-1'], counts);
    const first = minuteOf(clock);
    await Promise.all([a.sampler.tick(), b.sampler.tick()]);
    clock += 10_000;
    await a.sampler.tick();
    expect(a.writes()).toBe(3);
    counts['samples-1'] = 6;
    clock += 50_000;
    await Promise.all([b.sampler.tick(), a.sampler.tick()]);
    expect(await rows()).toEqual([
      { event_id: 1, minute: first, viewers: 5 },
      { event_id: 1, minute: first + 60, viewers: 6 },
    ]);
  });
});
