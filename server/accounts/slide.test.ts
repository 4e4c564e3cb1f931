/**
 * The slide check's per-address limit holds under concurrency and across nodes: the challenges an address takes are
 * counted in the shared state (memory on one node; Redis, when TEST_REDIS_URL is set, for several nodes), where check
 * and take are one step. Counting the stored challenges let concurrent requests all pass before any was inserted,
 * and every node counted only its own.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openData, type Data } from '../db/open.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { connectRedis, redisState } from '../shared/redis.ts';
import { memoryState, type SharedState } from '../shared/state.ts';
import { issueChallenge } from './slide.ts';
import { systemClock } from '../clock.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const opened: Data[] = [];
let redis: Redis | undefined;
afterAll(async () => {
  await Promise.all(opened.map((data) => data.close()));
  await redis?.quit();
});

type Node = { sql: Data['sql']; shared: SharedState };

/** A node: its own database connection, with the state it shares (or not) with the other nodes. */
async function node(state: SharedState): Promise<Node> {
  const data = await openData({ databasePath: ':memory:' });
  opened.push(data);
  return { sql: data.sql, shared: state };
}

/** The limit per address these tests set (the server's default, SLIDE_CHALLENGES_PER_IP, is sized for a venue). */
const MAX_CHALLENGES_PER_IP = 120;

/** `count` challenges from one address at once, spread over the nodes; answers how many were issued. */
async function burst(nodes: Node[], ip: string, count: number, now: number): Promise<number> {
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, (_, n) =>
      issueChallenge(nodes[n % nodes.length], {
        phone: `139${String(n).padStart(8, '0')}`,
        ip,
        now,
        maxPerIp: MAX_CHALLENGES_PER_IP,
      }),
    ),
  );
  for (const outcome of outcomes)
    if (outcome.status === 'rejected') {
      expect(outcome.reason).toBeInstanceOf(ApiFailure);
      expect((outcome.reason as ApiFailure).xcode).toBe(XCODE.tooManyRequests);
    }
  return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
}

const NOW = 1_800_000_000_000;

describe('memory state (one node)', () => {
  it(`issues ${MAX_CHALLENGES_PER_IP} of 200 concurrent challenges to one address, more after 10 minutes`, async () => {
    const one = await node(memoryState(systemClock));
    expect(await burst([one], '10.9.0.1', 200, NOW)).toBe(MAX_CHALLENGES_PER_IP);
    expect(await burst([one], '10.9.0.2', 3, NOW)).toBe(3);
    expect(await burst([one], '10.9.0.1', 1, NOW + 10 * 60_000 - 1)).toBe(0);
    expect(await burst([one], '10.9.0.1', 1, NOW + 10 * 60_000)).toBe(1);
  });
});

describe.runIf(redisUrl)('Redis state (two nodes)', () => {
  const shared = () =>
    redisState(
      (redis ??= connectRedis(redisUrl as string)),
      `test-${crypto.randomBytes(4).toString('hex')}:`,
    );

  it(`issues ${MAX_CHALLENGES_PER_IP} of 200 concurrent challenges to one address between both nodes`, async () => {
    const prefix = shared();
    const nodes = [await node(prefix), await node(prefix)];
    expect(await burst(nodes, '10.9.1.1', 200, NOW)).toBe(MAX_CHALLENGES_PER_IP);
    expect(await burst(nodes, '10.9.1.2', 3, NOW)).toBe(3);
    expect(await burst(nodes, '10.9.1.1', 2, NOW + 10 * 60_000)).toBe(2);
  });
});
