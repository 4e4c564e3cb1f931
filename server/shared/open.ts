/**
 * The node's shared state: in memory for one node (the default), in Redis with REDIS_URL (many nodes). With Redis the
 * same connection also carries the socket.io adapter (server/realtime.ts) and the per-route rate limits (app.ts).
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import { connectRedis, redisState } from './redis.ts';
import { memoryState, type SharedState } from './state.ts';

export type Shared = {
  state: SharedState;
  /** The Redis connection, when the state lives there. */
  redis: Redis | null;
  /** This node's name in shared records (its presence parts). */
  node: string;
  close(): Promise<void>;
};

export async function openShared(
  redisUrl: string | undefined,
  now: Clock,
  log: (message: string) => void = console.error,
): Promise<Shared> {
  const node = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  if (!redisUrl) {
    const state = memoryState(now);
    return { state, redis: null, node, close: () => state.close() };
  }
  const redis = connectRedis(redisUrl, log);
  // Fail at start, not at the first request, when Redis cannot be reached.
  await redis.ping();
  return {
    state: redisState(redis),
    redis,
    node,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
