/**
 * Lottery draws against the real server process (prepared database, loopback HTTP): draws per second and their p99
 * from 1,000 logged-in viewers, 50 draws in flight, on the bench lottery (90: one prize with ample stock and a
 * thanks weight, no draw limit in practice), each draw one transaction with the conditional updates; then the same
 * load on a prize with stock 10 to show the contended path stays exact (winners must be exactly 10).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../server/app.ts';
import { sqliteConnection } from '../../server/db/sql.ts';
import { ENGAGE_SEED } from '../../server/seed/engagement.ts';
import { projectRoot } from '../config/check.ts';
import { freePort } from './server-process.ts';
import { benchLogins } from './sessions.ts';
import type { BenchRow } from './types.ts';

const VIEWERS = 1000;
const DRAWS = 20_000;
const CONCURRENCY = 50;
const USER_BASE = 400_000;
const CONTENDED = 91;

type UserRow = { id: number; nickname: string; created_at: number };

async function prepare(file: string): Promise<string[]> {
  const app = await buildServer({ databasePath: file, mode: 'test' });
  try {
    const { sql } = app;
    // The bench's own SQLite file: bulk set-up through the raw connection.
    const db = sqliteConnection(sql)!;
    const login = benchLogins(db);
    await sql
      .withTables<{ users: UserRow }>()
      .insertInto('users')
      .values(
        Array.from({ length: VIEWERS }, (_, index) => ({
          id: USER_BASE + index,
          nickname: `bench${index}`,
          created_at: 0,
        })),
      )
      .execute();
    await sql
      .insertInto('engage_lotteries')
      .values({
        id: CONTENDED,
        event_token: 'demo',
        title: 'contended',
        rules: '',
        starts_at: 0,
        ends_at: 4_000_000_000,
        draw_limit: 1_000_000,
        draw_period: 'total',
        requirement: 'none',
        requirement_value: 0,
        thanks_weight: 1,
        time_zone: 'Asia/Shanghai',
      })
      .execute();
    await sql
      .insertInto('engage_lottery_prizes')
      .values({
        id: CONTENDED,
        lottery_id: CONTENDED,
        position: 0,
        name: 'stock 10',
        image: '',
        stock: 10,
        weight: 1000,
      })
      .execute();
    return db.transaction(() =>
      Array.from({ length: VIEWERS }, (_, index) => login(USER_BASE + index, 86400_000)),
    )();
  } finally {
    await app.close();
  }
}

async function draws(origin: string, tokens: string[], lotteryId: number, total: number) {
  const latencies: number[] = [];
  const prizes = new Map<number, number>();
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const index = next++;
        const at = performance.now();
        const response = await fetch(`${origin}/v3/api/lottery/draw?lottery_id=${lotteryId}`, {
          headers: { authorization: `Bearer ${tokens[index % tokens.length]}` },
        });
        const answer = (await response.json()) as { xcode: number; data: { prize: { id: number } } | null };
        latencies.push(performance.now() - at);
        if (answer.xcode !== 200 || !answer.data) failed++;
        else prizes.set(answer.data.prize.id, (prizes.get(answer.data.prize.id) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(total / seconds),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] * 10) / 10,
    failed,
    prizes,
  };
}

export async function run(): Promise<BenchRow[]> {
  const file = path.join(os.tmpdir(), `livev3-bench-engagement-${process.pid}.db`);
  const tokens = await prepare(file);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: file,
      NODE_ENV: 'test',
      // Fifty sockets from one address: the per-address caps are for the open network.
      MAX_CONNECTIONS_PER_IP: '0',
      MAX_SOCKETS_PER_IP: '0',
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    // A loaded machine takes half a minute to start the server (TypeScript is compiled on the fly).
    for (let i = 0; i < 600; i++) {
      try {
        if ((await fetch(`${origin}/v3/api/lottery/detail?lottery_id=${ENGAGE_SEED.benchLottery}`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const open = await draws(origin, tokens, ENGAGE_SEED.benchLottery, DRAWS);
    const contended = await draws(origin, tokens, CONTENDED, 2000);
    return [
      {
        group: 'engagement',
        name: `lottery: draws per second (${VIEWERS} viewers, ${CONCURRENCY} in flight)`,
        value: open.perSecond,
        unit: '/s',
      },
      { group: 'engagement', name: 'lottery: draw p99 latency', value: open.p99, unit: 'ms', goal: '< 200' },
      { group: 'engagement', name: 'lottery: failed draws', value: open.failed, unit: '', goal: '0' },
      {
        group: 'engagement',
        name: 'lottery: draws per second, 2,000 draws on a prize with stock 10',
        value: contended.perSecond,
        unit: '/s',
      },
      {
        group: 'engagement',
        name: 'lottery: winners of the stock-10 prize',
        value: contended.prizes.get(CONTENDED) ?? 0,
        unit: '',
        goal: '10',
      },
    ];
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }
}
