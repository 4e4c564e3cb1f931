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

  it('sums the parts of the nodes that spoke within the time to live', async () => {
    const state = open();
    const now = 1_800_000_000_000;
    expect(await state.addPart('room', 'a', 3, 30_000, now)).toBe(3);
    expect(await state.addPart('room', 'b', 4, 30_000, now + 1000)).toBe(7);
    expect(await state.addPart('room', 'a', 1, 30_000, now + 2000)).toBe(5);
    // Node b fell silent: its part drops out.
    expect(await state.addPart('room', 'a', 2, 30_000, now + 31_500)).toBe(2);
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
