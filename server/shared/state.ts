/**
 * State that every server node must see alike: request windows of the rate limits (the chat's send limit, the score
 * query's limit), the dev sinks' last codes, and each node's members of a room's audience. One interface, two
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
   * Changes this node's members under key (the viewers it holds in an event's room): `change.all` replaces them,
   * else `add` and `remove` apply. The node's part counts while it is younger than `ttlMs` (each call renews it; a
   * node that stopped drops out by itself). Answers the number of distinct members over the nodes whose part counts
   * (a member held by two nodes counts once) and `lost`: this node's part had lapsed before the call (it was silent
   * too long), so it holds only what this call gave it and the node should send all its members again.
   */
  changeMembers(
    key: string,
    node: string,
    change: MemberChange,
    ttlMs: number,
    now: number,
  ): Promise<MemberCount>;
  /** The number of distinct members under key over the nodes whose part is younger than `ttlMs`. */
  countMembers(key: string, ttlMs: number, now: number): Promise<number>;
  close(): Promise<void>;
};

/** What changes in a node's members: all of them, or some added and removed. */
export type MemberChange = { all?: readonly string[]; add?: readonly string[]; remove?: readonly string[] };
export type MemberCount = { count: number; lost: boolean };

type Window = { times: number[]; windowMs: number };

/** One node's state, in this process. `remembered(prefix)` tells tests how many windows it keeps. */
export type MemoryState = SharedState & { remembered(prefix: string): number };

/** `now`: the server's clock, for the lifetimes of kept values (windows and parts take the time of each call). */
export function memoryState(now: Clock): MemoryState {
  const windows = new Map<string, Window>();
  const values = new Map<string, { value: string; until: number }>();
  const members = new Map<string, Map<string, { members: Set<string>; at: number }>>();
  /** Distinct members of the parts younger than ttlMs; lapsed parts are dropped. */
  const distinct = (key: string, ttlMs: number, now: number) => {
    const byNode = members.get(key);
    if (!byNode) return 0;
    const seen = new Set<string>();
    for (const [name, part] of byNode)
      if (now - part.at < ttlMs) for (const member of part.members) seen.add(member);
      else byNode.delete(name);
    if (byNode.size === 0) members.delete(key);
    return seen.size;
  };
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
    async changeMembers(key, node, change, ttlMs, now) {
      let byNode = members.get(key);
      if (!byNode) members.set(key, (byNode = new Map()));
      const kept = byNode.get(node);
      const lost = !kept || now - kept.at >= ttlMs;
      const part = change.all || lost ? new Set<string>() : kept.members;
      for (const member of change.all ?? change.add ?? []) part.add(member);
      if (!change.all) for (const member of change.remove ?? []) part.delete(member);
      byNode.set(node, { members: part, at: now });
      return { count: distinct(key, ttlMs, now), lost: lost && !change.all };
    },
    async countMembers(key, ttlMs, now) {
      return distinct(key, ttlMs, now);
    },
    async close() {
      windows.clear();
      values.clear();
      members.clear();
    },
    remembered(prefix) {
      let count = 0;
      for (const key of windows.keys()) if (key.startsWith(prefix)) count += 1;
      return count;
    },
  };
}
