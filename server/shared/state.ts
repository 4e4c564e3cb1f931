/**
 * State that every server node must see alike: request windows of the rate limits (the chat's send limit, the score
 * query's limit), the dev sinks' last codes, and each node's part of a room's presence. One interface, two
 * implementations: in this process (`memoryState`, one node: the default) and in Redis (`redisState` in
 * server/shared/redis.ts, when REDIS_URL is set and several nodes serve the same database).
 *
 * Clocks are passed in (`now`), so tests with a fake clock behave the same on both.
 */
import type { Clock } from '../clock.ts';

export type SharedState = {
  readonly kind: 'memory' | 'redis';
  /**
   * Takes a place in the key's sliding window: at most `max` places within `windowMs` before `now`. False when the
   * window is full (nothing is taken then). Check and take are one step, so concurrent callers on any node never get
   * more than `max` places between them.
   */
  takePlace(key: string, max: number, windowMs: number, now: number): Promise<boolean>;
  /** Keeps a value for `ttlMs` (the last code a dev sink received). */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value under key, or null (never put, or expired). */
  read(key: string): Promise<string | null>;
  /**
   * Records this node's part of a total (its sockets in a room) and answers the sum over the nodes whose part is
   * younger than `ttlMs` (a node that stopped drops out by itself).
   */
  addPart(key: string, node: string, value: number, ttlMs: number, now: number): Promise<number>;
  close(): Promise<void>;
};

type Window = { times: number[]; windowMs: number };

/** One node's state, in this process. `remembered(prefix)` tells tests how many windows it keeps. */
export type MemoryState = SharedState & { remembered(prefix: string): number };

/** `now`: the server's clock, for the lifetimes of kept values (windows and parts take the time of each call). */
export function memoryState(now: Clock): MemoryState {
  const windows = new Map<string, Window>();
  const values = new Map<string, { value: string; until: number }>();
  const parts = new Map<string, Map<string, { value: number; at: number }>>();
  let lastSweep = 0;
  let longestWindow = 0;
  /** Forgets keys whose places all left their window (the map would hold every key ever limited). */
  const sweep = (time: number) => {
    lastSweep = time;
    for (const [key, window] of windows)
      if (!window.times.some((at) => time - at < window.windowMs)) windows.delete(key);
    for (const [key, kept] of values) if (kept.until <= time) values.delete(key);
  };
  return {
    kind: 'memory',
    async takePlace(key, max, windowMs, now) {
      longestWindow = Math.max(longestWindow, windowMs);
      // At most once per longest window, so the cost is spread over many calls.
      if (now - lastSweep >= longestWindow) sweep(now);
      const window = windows.get(key) ?? { times: [], windowMs };
      window.times = window.times.filter((at) => now - at < windowMs);
      windows.set(key, window);
      if (window.times.length >= max) return false;
      window.times.push(now);
      return true;
    },
    async put(key, value, ttlMs) {
      values.set(key, { value, until: now() + ttlMs });
    },
    async read(key) {
      const kept = values.get(key);
      return kept && kept.until > now() ? kept.value : null;
    },
    async addPart(key, node, value, ttlMs, now) {
      let byNode = parts.get(key);
      if (!byNode) parts.set(key, (byNode = new Map()));
      byNode.set(node, { value, at: now });
      let sum = 0;
      for (const [name, part] of byNode)
        if (now - part.at < ttlMs) sum += part.value;
        else byNode.delete(name);
      if (byNode.size === 0) parts.delete(key);
      return sum;
    },
    async close() {
      windows.clear();
      values.clear();
      parts.clear();
    },
    remembered(prefix) {
      let count = 0;
      for (const key of windows.keys()) if (key.startsWith(prefix)) count += 1;
      return count;
    },
  };
}
