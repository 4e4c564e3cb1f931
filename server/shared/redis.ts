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

// The nodes holding members under a key: a sorted set (node -> the time of its last change) beside one set of members
// per node. Lapsed nodes (older than ttl) are dropped with their sets before counting; the count is the size of the
// union of the sets that remain. Both keys carry the key's hash tag, so they live on one Redis Cluster slot.
const COUNT_MEMBERS = `
local function count(nodes, now, ttl)
  local lapsed = redis.call('ZRANGEBYSCORE', nodes, '-inf', now - ttl)
  for _, name in ipairs(lapsed) do
    redis.call('DEL', nodes .. ':' .. name)
    redis.call('ZREM', nodes, name)
  end
  local live = redis.call('ZRANGE', nodes, 0, -1)
  if #live == 0 then return 0 end
  if #live == 1 then return redis.call('SCARD', nodes .. ':' .. live[1]) end
  local sets = {}
  for i, name in ipairs(live) do sets[i] = nodes .. ':' .. name end
  local union = nodes .. ':union'
  local size = redis.call('SUNIONSTORE', union, unpack(sets))
  redis.call('DEL', union)
  return size
end
`;

// KEYS[1] the nodes' sorted set; ARGV node, ttlMs, now, mode ('all' or 'change'), number of added members, the added
// members, then the removed ones. Answers { count, lost }.
const CHANGE_MEMBERS = `${COUNT_MEMBERS}
local nodes = KEYS[1]
local node, ttl, now, mode, adds = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5])
local mine = nodes .. ':' .. node
local at = redis.call('ZSCORE', nodes, node)
local lost = 0
if mode == 'all' or not at or now - tonumber(at) >= ttl then
  if mode ~= 'all' then lost = 1 end
  redis.call('DEL', mine)
end
for i = 6, 5 + adds do redis.call('SADD', mine, ARGV[i]) end
for i = 6 + adds, #ARGV do redis.call('SREM', mine, ARGV[i]) end
redis.call('ZADD', nodes, now, node)
-- Garbage collection only (counting goes by the scores): keys of a key nobody renews go within a few lifetimes.
redis.call('PEXPIRE', mine, ttl * 4)
redis.call('PEXPIRE', nodes, ttl * 4)
return { count(nodes, now, ttl), lost }`;

// KEYS[1] the nodes' sorted set; ARGV ttlMs, now.
const READ_MEMBERS = `${COUNT_MEMBERS}
return count(KEYS[1], tonumber(ARGV[2]), tonumber(ARGV[1]))`;

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
    async changeMembers(key, node, change, ttlMs, now) {
      const add = change.all ?? change.add ?? [];
      const remove = change.all ? [] : (change.remove ?? []);
      const [count, lost] = (await client.eval(
        CHANGE_MEMBERS,
        1,
        `${prefix}m:{${key}}`,
        node,
        ttlMs,
        now,
        change.all ? 'all' : 'change',
        add.length,
        ...add,
        ...remove,
      )) as [number, number];
      return { count: Number(count), lost: Number(lost) === 1 };
    },
    async countMembers(key, ttlMs, now) {
      return Number(await client.eval(READ_MEMBERS, 1, `${prefix}m:{${key}}`, ttlMs, now));
    },
    async close() {
      // The client belongs to whoever connected it (openShared closes it after the socket server).
    },
  };
}
