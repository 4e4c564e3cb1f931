/**
 * Both shared states behave alike: the memory one always, the Redis one when TEST_REDIS_URL is set (the
 * PostgreSQL and cluster run, scripts/test-postgres.ts, starts a Redis for it).
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, redisState } from './redis.ts';
import { memoryState, type SharedState } from './state.ts';
import { systemClock } from '../clock.ts';

const redisUrl = process.env.TEST_REDIS_URL;
let redis: Redis | undefined;
afterAll(async () => {
  await redis?.quit();
});

const kinds: [string, () => SharedState][] = [['memory', () => memoryState(systemClock)]];
if (redisUrl)
  kinds.push([
    'redis',
    () => redisState((redis ??= connectRedis(redisUrl)), `test-${crypto.randomBytes(4).toString('hex')}:`),
  ]);

describe.each(kinds)('%s shared state', (_kind, open) => {
  it('hands out exactly max places to concurrent takers, and frees them as the window slides', async () => {
    const state = open();
    const now = 1_800_000_000_000;
    const taken = await Promise.all(Array.from({ length: 50 }, () => state.takePlace('k', 5, 5000, now)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await state.takePlace('k', 5, 5000, now + 4999)).toBe(false);
    // The first places leave the window 5 s after they were taken.
    expect(await state.takePlace('k', 5, 5000, now + 5000)).toBe(true);
    expect(await state.takePlace('other', 5, 5000, now)).toBe(true);
  });

  it('keeps a value for its time to live', async () => {
    const state = open();
    await state.put('code', '123456', 60_000);
    expect(await state.read('code')).toBe('123456');
    await state.put('short', 'x', 1);
    await expect.poll(() => state.read('short')).toBeNull();
    expect(await state.read('never')).toBeNull();
  });

  it('counts the distinct members of the nodes whose part is alive, and tells a node whose part lapsed', async () => {
    const state = open();
    const now = 1_800_000_000_000;
    const ttl = 15_000;
    expect(await state.changeMembers('room', 'a', { all: ['u:1', 'u:2', 'd:x'] }, ttl, now)).toEqual({
      count: 3,
      lost: false,
    });
    // Node b holds one viewer node a holds too, and one of its own: each counts once.
    expect(await state.changeMembers('room', 'b', { add: ['u:2', 'u:3'] }, ttl, now + 1000)).toEqual({
      count: 4,
      lost: true,
    });
    expect(await state.changeMembers('room', 'a', { remove: ['u:2', 'd:x'] }, ttl, now + 2000)).toEqual({
      count: 3,
      lost: false,
    });
    expect(await state.countMembers('room', ttl, now + 2000)).toBe(3);
    expect(await state.countMembers('other', ttl, now + 2000)).toBe(0);
    // A heartbeat (no change) renews b's part.
    expect(await state.changeMembers('room', 'b', {}, ttl, now + 10_000)).toEqual({ count: 3, lost: false });
    // Node a fell silent: its viewers stop counting once its part lapses.
    expect(await state.changeMembers('room', 'b', {}, ttl, now + 17_500)).toEqual({ count: 2, lost: false });
    expect(await state.countMembers('room', ttl, now + 17_500)).toBe(2);
    // It comes back with a change only: its part had lapsed, so it is told to send all.
    expect(await state.changeMembers('room', 'a', { add: ['u:9'] }, ttl, now + 18_000)).toEqual({
      count: 3,
      lost: true,
    });
    expect(await state.changeMembers('room', 'a', { all: ['u:1', 'u:9'] }, ttl, now + 18_000)).toEqual({
      count: 4,
      lost: false,
    });
    expect(await state.countMembers('room', ttl, now + 40_000)).toBe(0);
  });
});

it('the memory state forgets keys whose places all left their window', async () => {
  const state = memoryState(systemClock);
  const now = 1_800_000_000_000;
  for (let i = 0; i < 30; i++) await state.takePlace(`chat:${i}`, 5, 5000, now);
  expect(state.remembered('chat:')).toBe(30);
  await state.takePlace('chat:late', 5, 5000, now + 60_000);
  expect(state.remembered('chat:')).toBe(1);
});
