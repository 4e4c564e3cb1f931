/**
 * Scale-out figures (`npm run bench -- --only=cluster`): the same loads against one node on SQLite (the default
 * deployment) and against two nodes on PostgreSQL + Redis (scripts/services.ts; `npm run cluster`'s set-up), in one
 * run so both face the same machine. Everything (nodes, PostgreSQL, Redis, load generators, clients) shares this
 * machine's cores: two nodes on two cores measure the cost of sharing state, not the gain of a second machine.
 *
 * - Free votes: autocannon, 50 connections in all (split over the nodes), each request a distinct key; votes/s, p99,
 *   and the integrity check (players' votes added equal the records).
 * - Chat fan-out: 1,000 socket.io clients in one event room (split over the nodes), 250 lines/s from senders on
 *   every node; deliveries/s and p99 delivery latency.
 * - Rank pages of a contest of `--players=` (1,000,000) players (server/seed/bulk-players.ts; the seeding's time is a
 *   row): page 1, 50 and 20,000 (50 a page; the last page when fewer players), req/s and p99, beside a bare Fastify
 *   GET (the reference: ranks should reach 40 % of it) measured in the same run.
 * - The bare PostgreSQL vote beside the two nodes' votes: one prepared INSERT ... ON CONFLICT and the player's UPDATE in
 *   one transaction through `pg` (no app, no HTTP), 50 at a time over as many connections as the two nodes hold.
 * - Memory: the resident size of the one SQLite node with `--sockets=` (5,000) socket.io clients in an event room.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { startSession } from '../../server/accounts/sessions.ts';
import { openData } from '../../server/db/open.ts';
import type { Sql } from '../../server/db/sql.ts';
import { bulkPlayers } from '../../server/seed/bulk-players.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { connectRedis } from '../../server/shared/redis.ts';
import { redisRankings } from '../../server/voting/rankings.ts';
import { startNode, type ServerNode } from '../cluster/node.ts';
import { startPostgres, startRedis, type Service } from '../services.ts';
import { connect, sendLines } from './chat.ts';
import type { BenchRow } from './types.ts';

const CONTEST = 95;
const PLAYERS = 2000;
const VOTERS = 2000;
const USER_BASE = 300_000;
const SECONDS = 5;
const ROUNDS = 2;
const EVENT = 'chat-e2e';
const RECEIVERS = 1000;
const CHAT_RATE = 250;
const CHAT_SECONDS = 6;
/** Senders each send at most one line every 1.1 s (the per-viewer limit is 5 per 5 s). */
const SENDERS = Math.ceil(CHAT_RATE * 1.1) + 20;

/** A whole-number flag of this bench (`--players=100000`), or its default. */
function flag(name: string, fallback: number): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  if (!raw) return fallback;
  const value = Number(raw.slice(name.length + 3));
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${raw}: --${name} takes a whole number above 0`);
  return value;
}
const RANK_CONTEST = 96;
const RANK_PLAYERS = flag('players', 1_000_000);
const RANK_PAGE_SIZE = 50;
/** Page 1, 50 and 20,000 (the last page of a smaller contest). */
const RANK_PAGES = [1, 50, Math.min(20_000, Math.ceil(RANK_PLAYERS / RANK_PAGE_SIZE))];
const SOCKETS = flag('sockets', 5000);

type Setup = {
  name: string;
  nodes: ServerNode[];
  voters: string[];
  senders: string[];
  sql: Sql;
  /** How long the rank contest's players took to insert. */
  seedSeconds: number;
  /** Waits until the nodes answer the rank contest from its ranking (not the index). */
  ranked(): Promise<void>;
};

/** The bench's contests (no vote limits; the rank contest in bulk) and viewers with sessions, in a seeded database. */
async function prepare(sql: Sql): Promise<{ voters: string[]; senders: string[]; seedSeconds: number }> {
  await seedDemo(sql);
  await sql
    .insertInto('contests')
    .values({ id: RANK_CONTEST, title: 'rank bench', starts_at: 0, ends_at: 4_000_000_000 })
    .execute();
  const seeding = performance.now();
  await bulkPlayers(sql, RANK_CONTEST, RANK_PLAYERS);
  const seedSeconds = (performance.now() - seeding) / 1000;
  await sql
    .insertInto('contests')
    .values({
      id: CONTEST,
      title: 'cluster bench',
      starts_at: 0,
      ends_at: 4_000_000_000,
      daily_votes_per_user: 0,
      total_votes_per_user: 0,
      votes_per_player_per_day: 0,
    })
    .execute();
  for (let start = 0; start < PLAYERS; start += 500)
    await sql
      .insertInto('players')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          contest_id: CONTEST,
          number: start + i + 1,
          name: `p${start + i}`,
        })),
      )
      .execute();
  const count = VOTERS + SENDERS;
  for (let start = 0; start < count; start += 500)
    await sql
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
          id: USER_BASE + start + i,
          nickname: `bench${start + i}`,
          created_at: 0,
        })),
      )
      .execute();
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(await startSession(sql, USER_BASE + i, Date.now(), 86400_000));
  return { voters: tokens.slice(0, VOTERS), senders: tokens.slice(VOTERS), seedSeconds };
}

/**
 * The one node builds its ranking in its own process on the first rank read, answering from the index meanwhile: read
 * the deepest page until it comes back in under a third of the first read's time (a minute at most).
 */
async function rankedInProcess(origin: string): Promise<void> {
  const deepest = RANK_PAGES[RANK_PAGES.length - 1];
  const url = `${origin}/v3/api/vote/rank?vote_id=${RANK_CONTEST}&page=${deepest}&page_size=${RANK_PAGE_SIZE}`;
  const timed = async () => {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    return performance.now() - started;
  };
  const first = await timed();
  const until = performance.now() + 60_000;
  while (performance.now() < until) if ((await timed()) < first / 3) return;
  throw new Error('the one node did not answer the rank contest from its ranking within a minute');
}

async function playerIds(sql: Sql): Promise<number[]> {
  const rows = await sql.selectFrom('players').select('id').where('contest_id', '=', CONTEST).execute();
  return rows.map((row) => row.id);
}

/**
 * Players' votes added minus the vote records, read in ONE statement (one snapshot): the server may still be counting
 * votes whose requests autocannon gave up on when the round ended, and two separate reads would count those in one
 * sum and not the other.
 */
async function integrity(sql: Sql): Promise<number> {
  const { votes, records } = await sql
    .selectNoFrom((eb) => [
      eb
        .selectFrom('players')
        .select((inner) => inner.fn.sum<number>('votes').as('n'))
        .where('contest_id', '=', CONTEST)
        .as('votes'),
      eb
        .selectFrom('vote_records')
        .select((inner) => inner.fn.sum<number>('count').as('n'))
        .where('contest_id', '=', CONTEST)
        .as('records'),
    ])
    .executeTakeFirstOrThrow();
  return Number(votes ?? 0) - Number(records ?? 0);
}

type Load = { votesPerSecond: number; p99: number; failed: number };

/** One round: 50 connections split over the nodes, for `seconds`. */
async function voteRound(
  setup: Setup,
  players: number[],
  seconds: number,
  keys: { next: number },
): Promise<Load> {
  let counted = 0;
  // Answers other than a counted vote (HTTP errors included), by status and the start of the body.
  const refusals = new Map<string, number>();
  const connections = Math.floor(50 / setup.nodes.length);
  const results = await Promise.all(
    setup.nodes.map((node) =>
      autocannon({
        url: node.origin,
        connections,
        pipelining: 1,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/v3/api/vote/user/vote',
            setupRequest: (raw) => {
              const n = keys.next++;
              return {
                ...raw,
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${setup.voters[n % setup.voters.length]}`,
                },
                body: JSON.stringify({
                  vote_id: CONTEST,
                  player_id: players[n % players.length],
                  idempotency_key: `cluster-bench-${n}`,
                }),
              };
            },
            onResponse: (status, body) => {
              if (body.startsWith('{"xcode":200')) counted++;
              else {
                const reason = `${status} ${body.slice(0, 160)}`;
                refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
              }
            },
          },
        ],
      }),
    ),
  );
  const refused = [...refusals.values()].reduce((sum, count) => sum + count, 0);
  // Requests that got no answer at all (connection errors, time-outs); non-2xx answers are among the refusals.
  const unanswered = results.reduce((sum, result) => sum + result.errors, 0);
  if (refused || unanswered)
    console.error(
      `${setup.name}: ${refused} votes refused, ${unanswered} unanswered (${results
        .map((result) => `${result.timeouts} time-outs`)
        .join(', ')})`,
      Object.fromEntries([...refusals].slice(0, 5)),
    );
  return {
    votesPerSecond: Math.round(counted / seconds),
    // The slower node's p99 (autocannon reports percentiles per instance, not merged).
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed: refused + unanswered,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;

async function votes(setup: Setup): Promise<BenchRow[]> {
  const players = await playerIds(setup.sql);
  const keys = { next: 0 };
  await voteRound(setup, players, 1, keys); // warm-up
  const loads: Load[] = [];
  for (let i = 0; i < ROUNDS; i++) loads.push(await voteRound(setup, players, SECONDS, keys));
  const group = `cluster: votes (autocannon, 50 connections, median of ${ROUNDS} x ${SECONDS} s)`;
  return [
    {
      group,
      name: `${setup.name}: votes counted per second`,
      value: median(loads.map((load) => load.votesPerSecond)),
      unit: 'votes/s',
    },
    {
      group,
      name: `${setup.name}: vote p99 latency`,
      value: median(loads.map((load) => load.p99)),
      unit: 'ms',
    },
    {
      group,
      name: `${setup.name}: errors; votes added minus records`,
      value: loads.reduce((sum, load) => sum + load.failed, 0) + Math.abs(await integrity(setup.sql)),
      unit: '',
      goal: '0',
    },
  ];
}

async function fanOut(setup: Setup): Promise<BenchRow[]> {
  const receivers: Socket[] = [];
  for (let start = 0; start < RECEIVERS; start += 100) {
    const batch = await Promise.all(
      Array.from({ length: 100 }, (_, i) => connect(setup.nodes[(start + i) % setup.nodes.length].origin)),
    );
    for (const socket of batch) await socket.emitWithAck('join', { token: EVENT });
    receivers.push(...batch);
  }
  const senders = await Promise.all(
    setup.senders.map((token, i) => connect(setup.nodes[i % setup.nodes.length].origin, token)),
  );
  const latencies = new Float64Array(CHAT_RATE * CHAT_SECONDS * RECEIVERS * 2);
  let delivered = 0;
  let lastDelivery = 0;
  let measuring = false;
  for (const socket of receivers)
    socket.on('chat:batch', (lines: { content: string }[]) => {
      if (!measuring) return;
      const now = performance.now();
      lastDelivery = now;
      for (const line of lines) {
        if (delivered < latencies.length) latencies[delivered] = now - Number(line.content);
        delivered++;
      }
    });
  measuring = true;
  const started = performance.now();
  const accepted = { count: 0 };
  await sendLines(senders, CHAT_RATE, CHAT_SECONDS, accepted);
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the last batches in flight
  measuring = false;
  const sorted = latencies.slice(0, Math.min(delivered, latencies.length)).sort();
  [...receivers, ...senders].forEach((socket) => socket.close());
  const group = `cluster: chat fan-out (${RECEIVERS} clients on one event, ${CHAT_RATE} lines/s, ${CHAT_SECONDS} s)`;
  return [
    {
      group,
      name: `${setup.name}: deliveries per second`,
      value: Math.round(delivered / ((lastDelivery - started) / 1000)),
      unit: '/s',
    },
    {
      group,
      name: `${setup.name}: p99 delivery latency`,
      value: Math.round(percentile(sorted, 0.99)),
      unit: 'ms',
    },
    {
      group,
      name: `${setup.name}: lines lost (accepted x receivers - delivered)`,
      value: accepted.count * RECEIVERS - delivered,
      unit: '',
      goal: '0',
    },
  ];
}

/** GET `path` on the nodes (50 connections split over them) for `seconds`: req/s added, the slower node's p99. */
async function getLoad(origins: string[], path: string, seconds: number) {
  const connections = Math.floor(50 / origins.length);
  const results = await Promise.all(
    origins.map((origin) =>
      autocannon({ url: origin + path, connections, pipelining: 1, duration: seconds }),
    ),
  );
  return {
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
  };
}

/** The yardstick of the rank rows: a bare Fastify GET answering a small JSON envelope, in its own process. */
const BARE_FASTIFY = `
const f = require('fastify')();
f.get('/ping', async () => ({ xcode: 200, msg: 'ok', data: { list: [], total: 0 } }));
f.listen({ port: 0, host: '127.0.0.1' }).then((address) => console.log(address));
`;

async function bareFastify(): Promise<BenchRow[]> {
  const child = spawn(process.execPath, ['-e', BARE_FASTIFY], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const origin = await new Promise<string>((resolve) =>
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
    );
    await getLoad([origin], '/ping', 1);
    const load = await getLoad([origin], '/ping', SECONDS);
    const group = `cluster: rank pages (autocannon, 50 connections, ${SECONDS} s each)`;
    return [
      { group, name: 'reference: bare Fastify GET, same run', value: load.requestsPerSecond, unit: 'req/s' },
      { group, name: 'reference: bare Fastify GET p99 latency', value: load.p99, unit: 'ms' },
    ];
  } finally {
    child.kill();
  }
}

/** Page 1, 50 and 20,000 of the rank contest on the setup's nodes, each beside 40 % of the bare Fastify GET. */
async function rankPages(setup: Setup, bare: number): Promise<BenchRow[]> {
  await setup.ranked();
  const origins = setup.nodes.map((node) => node.origin);
  const group = `cluster: rank pages (autocannon, 50 connections, ${SECONDS} s each)`;
  const players = RANK_PLAYERS.toLocaleString('en');
  const rows: BenchRow[] = [
    {
      group,
      name: `${setup.name}: ${players} players inserted (bulk)`,
      value: Math.round(setup.seedSeconds * 10) / 10,
      unit: 's',
    },
  ];
  // The same nodes' cheapest answer: what the app's hooks (headers, limits, logging) cost before any ranking.
  await getLoad(origins, '/health', 1);
  const health = await getLoad(origins, '/health', SECONDS);
  rows.push(
    {
      group,
      name: `${setup.name}: GET /health (the app's floor)`,
      value: health.requestsPerSecond,
      unit: 'req/s',
    },
    { group, name: `${setup.name}: GET /health p99`, value: health.p99, unit: 'ms' },
  );
  for (const page of RANK_PAGES) {
    const path = `/v3/api/vote/rank?vote_id=${RANK_CONTEST}&page=${page}&page_size=${RANK_PAGE_SIZE}`;
    await getLoad(origins, path, 1);
    const load = await getLoad(origins, path, SECONDS);
    rows.push(
      {
        group,
        name: `${setup.name}: page ${page.toLocaleString('en')} of ${players} players`,
        value: load.requestsPerSecond,
        unit: 'req/s',
        goal: `>= ${Math.round(bare * 0.4)} (40 % of bare Fastify)`,
      },
      {
        group,
        name: `${setup.name}: page ${page.toLocaleString('en')} p99`,
        value: load.p99,
        unit: 'ms',
        goal: '< 20',
      },
      {
        group,
        name: `${setup.name}: page ${page.toLocaleString('en')} errors`,
        value: load.failed,
        unit: '',
        goal: '0',
      },
    );
  }
  return rows;
}

/**
 * The yardstick of the two nodes' votes: a vote as PostgreSQL alone does it, through `pg` with prepared statements and
 * no app: the record (INSERT ... ON CONFLICT DO NOTHING on its unique key) and the player's total (UPDATE ...
 * RETURNING) in one transaction, 50 at a time for `seconds`.
 */
async function barePostgresVotes(url: string, connections: number, seconds: number): Promise<Load> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  try {
    await pool.query(`DROP TABLE IF EXISTS bench_vote_records, bench_players;
      CREATE TABLE bench_players (id bigserial PRIMARY KEY, votes integer NOT NULL DEFAULT 0);
      CREATE TABLE bench_vote_records (id bigserial PRIMARY KEY, player_id bigint NOT NULL, key text NOT NULL UNIQUE);
      INSERT INTO bench_players (votes) SELECT 0 FROM generate_series(1, ${PLAYERS});`);
    let next = 0;
    let counted = 0;
    let failed = 0;
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    const voter = async () => {
      while (performance.now() < until) {
        const n = next++;
        const started = performance.now();
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query({
            name: 'bench-record',
            text: 'INSERT INTO bench_vote_records (player_id, key) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
            values: [1 + (n % PLAYERS), `bare-${n}`],
          });
          await client.query({
            name: 'bench-player',
            text: 'UPDATE bench_players SET votes = votes + 1 WHERE id = $1 RETURNING votes',
            values: [1 + (n % PLAYERS)],
          });
          await client.query('COMMIT');
          counted++;
          latencies.push(performance.now() - started);
        } catch {
          failed++;
          await client.query('ROLLBACK').catch(() => undefined);
        } finally {
          client.release();
        }
      }
    };
    await Promise.all(Array.from({ length: 50 }, voter));
    latencies.sort((a, b) => a - b);
    return {
      votesPerSecond: Math.round(counted / seconds),
      p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? NaN),
      failed,
    };
  } finally {
    await pool.query('DROP TABLE IF EXISTS bench_vote_records, bench_players').catch(() => undefined);
    await pool.end();
  }
}

/** The resident memory of one node process (Linux /proc), in MB. */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** The one SQLite node's memory before and with SOCKETS clients connected and in the event's room. */
async function socketMemory(node: ServerNode): Promise<BenchRow[]> {
  const pid = node.child.pid as number;
  const before = residentMb(pid);
  const sockets: Socket[] = [];
  try {
    for (let start = 0; start < SOCKETS; start += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, SOCKETS - start) }, () => connect(node.origin)),
      );
      for (const socket of batch) await socket.emitWithAck('join', { token: EVENT });
      sockets.push(...batch);
    }
    const group = `cluster: memory of one node (SQLite) with ${SOCKETS.toLocaleString('en')} sockets in one event room`;
    return [
      { group, name: 'resident memory before the sockets', value: before, unit: 'MB' },
      {
        group,
        name: `resident memory with ${SOCKETS.toLocaleString('en')} sockets`,
        value: residentMb(pid),
        unit: 'MB',
        goal: '< 1024',
      },
    ];
  } finally {
    sockets.forEach((socket) => socket.close());
  }
}

const nodeEnv = {
  NODE_ENV: 'test',
  MAX_CONNECTIONS_PER_IP: '0',
  MAX_SOCKETS_PER_IP: '0',
  STREAM_SECRET: crypto.randomBytes(16).toString('hex'),
  UPLOAD_SECRET: crypto.randomBytes(16).toString('hex'),
};

export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-bench-cluster-'));
  const services: Service[] = [];
  const setups: Setup[] = [];
  try {
    // One node on SQLite.
    const file = path.join(dir, 'one.db');
    const sqlite = await openData({ databasePath: file });
    const one = await prepare(sqlite.sql);
    const single = await startNode('one', { ...nodeEnv, DATABASE_PATH: file, UPLOAD_DIR: dir });
    setups.push({
      name: 'one node, SQLite',
      nodes: [single],
      sql: sqlite.sql,
      ...one,
      ranked: () => rankedInProcess(single.origin),
    });

    // Two nodes on PostgreSQL and Redis.
    const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    services.push(postgres, redis);
    const pg = await openData({ databasePath: ':memory:', databaseUrl: postgres.url, poolSize: 4 });
    const two = await prepare(pg.sql);
    const env = { ...nodeEnv, DATABASE_URL: postgres.url, REDIS_URL: redis.url, UPLOAD_DIR: dir };
    const nodes = await Promise.all([startNode('A', env), startNode('B', env)]);
    setups.push({
      name: 'two nodes, PostgreSQL + Redis',
      nodes,
      sql: pg.sql,
      ...two,
      async ranked() {
        const client = connectRedis(redis.url);
        try {
          await redisRankings(pg.sql, client).ready(RANK_CONTEST);
        } finally {
          await client.quit();
        }
      },
    });

    const rows: BenchRow[] = [];
    for (const setup of setups) rows.push(...(await votes(setup)));
    const bareVotes = await barePostgresVotes(postgres.url, 20, SECONDS);
    const voteGroup = `cluster: votes (autocannon, 50 connections, median of ${ROUNDS} x ${SECONDS} s)`;
    rows.push(
      {
        group: voteGroup,
        name: 'reference: bare PostgreSQL vote (pg, prepared, one transaction, no app), 50 at a time',
        value: bareVotes.votesPerSecond,
        unit: 'votes/s',
      },
      {
        group: voteGroup,
        name: 'reference: bare PostgreSQL vote p99 latency',
        value: bareVotes.p99,
        unit: 'ms',
      },
    );
    const bare = await bareFastify();
    rows.push(...bare);
    for (const setup of setups) rows.push(...(await rankPages(setup, bare[0].value)));
    for (const setup of setups) rows.push(...(await fanOut(setup)));
    rows.push(...(await socketMemory(single)));
    await sqlite.close();
    await pg.close();
    return rows;
  } finally {
    await Promise.all(setups.flatMap((setup) => setup.nodes.map((node) => node.stop())));
    for (const service of services) await service.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
