/**
 * The shared state in Redis (REDIS_URL): what several server nodes must see alike. Every check-and-take is one Lua
 * script, so it is atomic across nodes. ioredis is the client: it also serves the socket.io streams adapter and
 * @fastify/rate-limit's Redis store (which needs ioredis), so one kind of connection covers all three.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { SharedState } from './state.ts';

// KEYS[1] window; ARGV max, windowMs, now, member.
const TAKE_PLACE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

// KEYS[1] parts hash (node -> "value:at"); ARGV node, value, ttlMs, now. Answers the sum of the fresh parts.
const ADD_PART = `
local now = tonumber(ARGV[4])
local ttl = tonumber(ARGV[3])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. ARGV[4])
redis.call('PEXPIRE', KEYS[1], ttl)
local sum = 0
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local value, at = string.match(all[i + 1], '^(-?%d+):(%d+)$')
  if at and now - tonumber(at) < ttl then sum = sum + tonumber(value) else redis.call('HDEL', KEYS[1], all[i]) end
end
return sum`;

/** A connection that retries for ever (a Redis restart must not stop a node) and reports trouble once per outage. */
export function connectRedis(url: string, log: (message: string) => void = console.error): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
  let reported = false;
  client.on('error', (error: Error) => {
    if (!reported) log(`Redis: ${error.message}`);
    reported = true;
  });
  client.on('ready', () => {
    reported = false;
  });
  return client;
}

export function redisState(client: Redis, prefix = 'livev3:'): SharedState {
  return {
    kind: 'redis',
    async takePlace(key, max, windowMs, now) {
      const member = `${now}-${crypto.randomBytes(6).toString('base64url')}`;
      const taken = await client.eval(TAKE_PLACE, 1, `${prefix}w:${key}`, max, windowMs, now, member);
      return Number(taken) === 1;
    },
    async put(key, value, ttlMs) {
      await client.set(`${prefix}v:${key}`, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async read(key) {
      return client.get(`${prefix}v:${key}`);
    },
    async addPart(key, node, value, ttlMs, now) {
      return Number(await client.eval(ADD_PART, 1, `${prefix}p:${key}`, node, value, ttlMs, now));
    },
    async close() {
      // The client belongs to whoever connected it (openShared closes it after the socket server).
    },
  };
}
