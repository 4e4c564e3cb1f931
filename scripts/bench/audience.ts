/**
 * The live room's audience figure (`npm run bench -- --only=audience`): 1,000 socket.io clients, already connected,
 * ask to join one event's room at once; the time from their first join request until a client in the room is told
 * the count of 1,000 (server/events/audience.ts: joins written at most every 500 ms per room, the count pushed when
 * it moves). On one node (SQLite, memory state) and on two nodes sharing PostgreSQL and Redis (the clients split over
 * them; both nodes' clients must have heard 1,000). Median of three rounds; everything shares this machine's cores.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { openData } from '../../server/db/open.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { startNode, type ServerNode } from '../cluster/node.ts';
import { startPostgres, startRedis, type Service } from '../services.ts';
import { connect } from './chat.ts';
import type { BenchRow } from './types.ts';

const EVENT = 'chat-e2e';
const CLIENTS = 1000;
const ROUNDS = 3;
const TIMEOUT_MS = 30_000;

/** One round: connect, then time the joins until every node's first client has heard the full count. */
async function round(nodes: ServerNode[]): Promise<number> {
  const clients: Socket[] = [];
  for (let start = 0; start < CLIENTS; start += 100)
    clients.push(
      ...(await Promise.all(
        Array.from({ length: 100 }, (_, i) => connect(nodes[(start + i) % nodes.length].origin)),
      )),
    );
  try {
    const listeners = clients.slice(0, nodes.length);
    const heard = listeners.map(
      (socket) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the count never reached 1,000')), TIMEOUT_MS);
          socket.on('presence', ({ count }: { count: number }) => {
            if (count < CLIENTS) return;
            clearTimeout(timer);
            resolve(performance.now());
          });
        }),
    );
    const started = performance.now();
    const joined = await Promise.all(clients.map((socket) => socket.emitWithAck('join', { token: EVENT })));
    if (!joined.every((answer: { ok?: boolean }) => answer.ok)) throw new Error('a join was refused');
    const done = Math.max(...(await Promise.all(heard)));
    return Math.round(done - started);
  } finally {
    clients.forEach((socket) => socket.close());
    // The leaves are written and the room is empty again before the next round.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const nodeEnv = {
  NODE_ENV: 'test',
  MAX_CONNECTIONS_PER_IP: '0',
  MAX_SOCKETS_PER_IP: '0',
  STREAM_SECRET: crypto.randomBytes(16).toString('hex'),
  UPLOAD_SECRET: crypto.randomBytes(16).toString('hex'),
};

export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-bench-audience-'));
  const services: Service[] = [];
  const running: ServerNode[] = [];
  const group = `audience: ${CLIENTS} sockets joining one room until the room is told ${CLIENTS} (median of ${ROUNDS})`;
  try {
    const file = path.join(dir, 'one.db');
    const sqlite = await openData({ databasePath: file });
    await seedDemo(sqlite.sql);
    await sqlite.close();
    const single = await startNode('one', { ...nodeEnv, DATABASE_PATH: file, UPLOAD_DIR: dir });
    running.push(single);
    const one: number[] = [];
    for (let i = 0; i < ROUNDS; i++) one.push(await round([single]));
    await single.stop();
    running.length = 0;

    const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    services.push(postgres, redis);
    const pg = await openData({ databasePath: ':memory:', databaseUrl: postgres.url, poolSize: 2 });
    await seedDemo(pg.sql);
    await pg.close();
    const env = { ...nodeEnv, DATABASE_URL: postgres.url, REDIS_URL: redis.url, UPLOAD_DIR: dir };
    const nodes = await Promise.all([startNode('A', env), startNode('B', env)]);
    running.push(...nodes);
    const two: number[] = [];
    for (let i = 0; i < ROUNDS; i++) two.push(await round(nodes));
    return [
      { group, name: 'one node, SQLite', value: median(one), unit: 'ms', goal: '<= 10000' },
      { group, name: 'two nodes, PostgreSQL + Redis', value: median(two), unit: 'ms', goal: '<= 10000' },
    ];
  } finally {
    await Promise.all(running.map((node) => node.stop()));
    for (const service of services) await service.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
