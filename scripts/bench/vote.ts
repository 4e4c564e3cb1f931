/**
 * Voting figures: free votes per second over HTTP on loopback with autocannon (50 connections, 5 s) against the real
 * server, each request a distinct logged-in user and idempotency key (40,000 users x 5 votes a day, so the limits
 * never stop the load), then the integrity check: the players' votes added equal the vote records. Also the rank list
 * of a 20,000-player contest (seedBenchContest, the generator the client's scroll bench uses via
 * VOTE_BENCH_PLAYERS=20000).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/db/database.ts';
import { openData } from '../../server/db/open.ts';
import { sqliteConnection } from '../../server/db/sql.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { prng } from '../../server/seed/epoch.ts';
import { seedPlayers } from '../../server/seed/events.ts';
import { seedBenchContest } from '../../server/seed/vote.ts';
import { projectRoot } from '../config/check.ts';
import { freePort } from './server-process.ts';
import { benchLogins } from './sessions.ts';
import type { BenchRow } from './types.ts';

const CONTEST = 90;
const PLAYERS = 20_000;
const USERS = 40_000;
const USER_BASE = 100_000;

/** The demo data plus a 20,000-player contest (5 free votes a day) and USERS viewers with sessions. */
async function prepareDatabase(file: string): Promise<{ tokens: string[]; players: number[] }> {
  const data = await openData({ databasePath: file });
  // The bench's own SQLite file: bulk set-up through the raw connection.
  const db = sqliteConnection(data.sql)!;
  try {
    await seedDemo(data.sql);
    await data.sql
      .transaction()
      .execute((trx) => seedBenchContest(trx, { seedPlayers, prng }, CONTEST, PLAYERS));
    const login = benchLogins(db);
    const tokens = db.transaction(() => {
      const insert = db.prepare('INSERT INTO users (id, nickname, created_at) VALUES (?, ?, 0)');
      return Array.from({ length: USERS }, (_, index) => {
        insert.run(USER_BASE + index, `bench${index}`);
        return login(USER_BASE + index);
      });
    })();
    const players = db
      .prepare<[number], { id: number }>('SELECT id FROM players WHERE contest_id = ? ORDER BY id')
      .all(CONTEST)
      .map((row) => row.id);
    return { tokens, players };
  } finally {
    await data.close();
  }
}

function totals(file: string) {
  const db = openDatabase(file);
  try {
    return db
      .prepare<[number, number], { players: number; records: number }>(
        `SELECT (SELECT SUM(votes) FROM players WHERE contest_id = ?) AS players,
                (SELECT COALESCE(SUM(count), 0) FROM vote_records WHERE contest_id = ?) AS records`,
      )
      .get(CONTEST, CONTEST)!;
  } finally {
    db.close();
  }
}

/**
 * Reference on the same machine and load (the yardstick): a bare Fastify endpoint that validates the body with
 * a JSON schema and counts the vote in a SQLite transaction (20,000 players, a record with a unique key).
 */
const REFERENCE = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE p (id INTEGER PRIMARY KEY, votes INTEGER NOT NULL DEFAULT 0); CREATE TABLE r (id INTEGER PRIMARY KEY, player_id INTEGER, k TEXT UNIQUE)');
const add = db.prepare('INSERT INTO p (votes) VALUES (0)');
db.transaction(() => { for (let i = 0; i < 20000; i++) add.run(); })();
const bump = db.prepare('UPDATE p SET votes = votes + 1 WHERE id = ? RETURNING votes');
const record = db.prepare('INSERT INTO r (player_id, k) VALUES (?, ?)');
const vote = db.transaction((id, k) => { record.run(id, k); return bump.get(id).votes; });
const f = require('fastify')();
f.post('/vote', { schema: { body: { type: 'object', required: ['player_id', 'idempotency_key'], additionalProperties: false,
  properties: { vote_id: { type: 'integer' }, player_id: { type: 'integer', minimum: 1, maximum: 20000 }, idempotency_key: { type: 'string', maxLength: 64 } } } } },
  async (request) => ({ xcode: 200, msg: 'ok', data: { votes: vote(request.body.player_id, request.body.idempotency_key) } }));
f.listen({ port: 0, host: '127.0.0.1' }).then((address) => console.log(address));
`;

type Load = { votesPerSecond: number; p99: number; p50: number; failed: number };

/** One autocannon round of POSTs whose headers and body `request(n)` makes for the n-th request. */
async function round(
  url: string,
  path: string,
  seconds: number,
  request: (n: number) => { headers: Record<string, string>; body: string },
): Promise<Load> {
  let sent = 0;
  let counted = 0;
  let refused = 0;
  const result = await autocannon({
    url,
    connections: 50,
    pipelining: 1,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (raw) => ({ ...raw, ...request(sent++) }),
        onResponse: (_status, body) => {
          if (body.startsWith('{"xcode":200')) counted++;
          else refused++;
        },
      },
    ],
  });
  return {
    votesPerSecond: Math.round(counted / seconds),
    p99: result.latency.p99,
    p50: result.latency.p50,
    failed: result.non2xx + result.errors + refused,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function listening(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise<string>((resolve) =>
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
}

const ROUNDS = 3;
const SECONDS = 4;

export async function run(): Promise<BenchRow[]> {
  const file = path.join(os.tmpdir(), `livev3-bench-vote-${process.pid}.db`);
  const referenceFile = `${file}-reference.db`;
  const remove = () =>
    [file, referenceFile].forEach((base) =>
      ['', '-wal', '-shm'].forEach((suffix) => fs.rmSync(base + suffix, { force: true })),
    );
  remove();
  const { tokens, players } = await prepareDatabase(file);
  const before = totals(file);
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATABASE_PATH: file, NODE_ENV: 'test' },
    stdio: 'ignore',
  });
  const reference = spawn(process.execPath, ['-e', REFERENCE, referenceFile], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    const referenceOrigin = await listening(reference);
    for (let i = 0; i < 150; i++) {
      const ready = await fetch(`${origin}/v3/api/vote/detail?vote_id=${CONTEST}`).catch(() => undefined);
      if (ready?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const random = prng(5);
    let user = 0;
    const vote = () => {
      // Each request: the next user (5 votes a day each, USERS of them) and a fresh idempotency key.
      const n = user++;
      return {
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % tokens.length]}` },
        body: JSON.stringify({
          vote_id: CONTEST,
          player_id: players[Math.floor(random() * players.length)],
          idempotency_key: `bench-${n}-vote`,
        }),
      };
    };
    let referenceKey = 0;
    const referenceVote = () => {
      const n = referenceKey++;
      return {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ vote_id: 1, player_id: 1 + (n % 20000), idempotency_key: `ref-${n}` }),
      };
    };
    // Warm-up (JIT, caches), then alternating rounds so both face the same machine load.
    await round(origin, '/v3/api/vote/user/vote', 1, vote);
    await round(referenceOrigin, '/vote', 1, referenceVote);
    const ours: Load[] = [];
    const bare: Load[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      ours.push(await round(origin, '/v3/api/vote/user/vote', SECONDS, vote));
      bare.push(await round(referenceOrigin, '/vote', SECONDS, referenceVote));
    }
    const rank = await autocannon({
      url: `${origin}/v3/api/vote/rank?vote_id=${CONTEST}&page=50&page_size=20`,
      connections: 50,
      duration: SECONDS,
    });
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    const after = totals(file);
    const group = `vote (autocannon, 50 connections, median of ${ROUNDS} x ${SECONDS} s)`;
    return [
      {
        group,
        name: 'POST /v3/api/vote/user/vote: votes counted per second',
        value: median(ours.map((load) => load.votesPerSecond)),
        unit: 'votes/s',
        goal: '>= 6000',
      },
      {
        group,
        name: 'vote p99 latency',
        value: median(ours.map((load) => load.p99)),
        unit: 'ms',
        goal: '< 50',
      },
      { group, name: 'vote median latency', value: median(ours.map((load) => load.p50)), unit: 'ms' },
      {
        group,
        name: 'vote requests answered with an error (HTTP or envelope)',
        value: ours.reduce((sum, load) => sum + load.failed, 0),
        unit: '',
        goal: '0',
      },
      {
        group,
        name: "players' votes added minus vote records (integrity)",
        value: after.players - before.players - (after.records - before.records),
        unit: '',
        goal: '0',
      },
      {
        group,
        name: 'reference: bare validated SQLite vote endpoint, same rounds',
        value: median(bare.map((load) => load.votesPerSecond)),
        unit: 'votes/s',
      },
      { group, name: 'reference p99 latency', value: median(bare.map((load) => load.p99)), unit: 'ms' },
      {
        group,
        name: 'GET /v3/api/vote/rank, 20,000 players, page 50',
        value: Math.round(rank.requests.average),
        unit: 'req/s',
      },
      { group, name: 'rank p99 latency', value: rank.latency.p99, unit: 'ms' },
    ];
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
    reference.kill();
    remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
