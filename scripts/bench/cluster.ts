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
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Socket } from 'socket.io-client';
import { startSession } from '../../server/accounts/sessions.ts';
import { openData } from '../../server/db/open.ts';
import type { Sql } from '../../server/db/sql.ts';
import { seedDemo } from '../../server/seed/demo.ts';
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

type Setup = { name: string; nodes: ServerNode[]; voters: string[]; senders: string[]; sql: Sql };

/** The bench's contest (no vote limits) and viewers with sessions, in a seeded database. */
async function prepare(sql: Sql): Promise<{ voters: string[]; senders: string[] }> {
  await seedDemo(sql);
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
  return { voters: tokens.slice(0, VOTERS), senders: tokens.slice(VOTERS) };
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
    setups.push({ name: 'one node, SQLite', nodes: [single], sql: sqlite.sql, ...one });

    // Two nodes on PostgreSQL and Redis.
    const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    services.push(postgres, redis);
    const pg = await openData({ databasePath: ':memory:', databaseUrl: postgres.url, poolSize: 4 });
    const two = await prepare(pg.sql);
    const env = { ...nodeEnv, DATABASE_URL: postgres.url, REDIS_URL: redis.url, UPLOAD_DIR: dir };
    const nodes = await Promise.all([startNode('A', env), startNode('B', env)]);
    setups.push({ name: 'two nodes, PostgreSQL + Redis', nodes, sql: pg.sql, ...two });

    const rows: BenchRow[] = [];
    for (const setup of setups) rows.push(...(await votes(setup)));
    for (const setup of setups) rows.push(...(await fanOut(setup)));
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
