/**
 * Shop figures against the real server process (fresh database, loopback HTTP): checkout throughput (orders/s and
 * p99 of POST /v2/api/order/product/save from 2,000 buyers, 50 at a time, each a logged-in viewer with an address,
 * after an uncounted round of 200 others: without it the p99 of a 2-second run was the server's first calls),
 * then the 100,000-row vote-record download as .xlsx: seconds until the last byte and the server's peak memory
 * (VmHWM from /proc, Linux) before and after, which shows whether streaming keeps it flat.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../server/app.ts';
import { sqliteConnection } from '../../server/db/sql.ts';
import { SHOP_SEED_USERS } from '../../server/seed/shop.ts';
import { projectRoot } from '../config/check.ts';
import { freePort } from './server-process.ts';
import { benchLogins } from './sessions.ts';
import type { BenchRow } from './types.ts';

const BUYERS = 2000;
/** Buyers of a first, uncounted round: the server's first calls compile its queries and warm its code up. */
const WARMUP_BUYERS = 200;
const CONCURRENCY = 50;
const VOTE_ROWS = 100_000;
const PRODUCT = 900;
const CONTEST = 1;
const USER_BASE = 300_000;

type Buyer = { token: string; addressId: number };

async function prepare(file: string): Promise<Buyer[]> {
  const app = await buildServer({ databasePath: file, mode: 'test' });
  try {
    const { sql } = app;
    // The bench's own SQLite file: bulk set-up through the raw connection.
    const db = sqliteConnection(sql)!;
    const login = benchLogins(db);
    await sql
      .insertInto('shop_products')
      .values({ id: PRODUCT, event_token: 'shop-bench', title: 'bench', price_cents: 100, stock: 1_000_000 })
      .execute();
    const buyers = db.transaction(() => {
      const user = db.prepare('INSERT INTO users (id, nickname, created_at) VALUES (?, ?, 0)');
      const address = db.prepare(
        `INSERT INTO shop_addresses (user_id, name, phone, province, city, district, detail, is_default, created_at)
         VALUES (?, '买家', '13800001234', '浙江省', '杭州市', '西湖区', '文三路 1 号', 1, 0)`,
      );
      return Array.from({ length: WARMUP_BUYERS + BUYERS }, (_, index) => {
        const id = USER_BASE + index;
        user.run(id, `bench${id}`);
        const addressId = Number(address.run(id).lastInsertRowid);
        return { token: login(id, 86400_000), addressId };
      });
    })();
    // 100,000 vote records in contest 1 (its players are seeded), as the download reads them.
    const players = db.prepare('SELECT id FROM players WHERE contest_id = ?').all(CONTEST) as {
      id: number;
    }[];
    db.transaction(() => {
      const record = db.prepare(
        `INSERT INTO vote_records (contest_id, player_id, user_id, day, count, paid, idempotency_key, votes_after, created_at)
         VALUES (?, ?, ?, 20000, 1, 0, ?, 1, ?)`,
      );
      for (let i = 0; i < VOTE_ROWS; i++)
        record.run(
          CONTEST,
          players[i % players.length].id,
          USER_BASE + (i % BUYERS),
          `bench-${i}`,
          1767225600 + i,
        );
    })();
    return buyers;
  } finally {
    await app.close();
  }
}

function peakMemoryMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return 0;
  }
}

async function checkout(origin: string, buyers: Buyer[], round: string) {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < buyers.length) {
        const index = next++;
        const buyer = buyers[index];
        const at = performance.now();
        const response = await fetch(`${origin}/v2/api/order/product/save`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
          body: JSON.stringify({
            product_id: PRODUCT,
            quantity: 1,
            address_id: buyer.addressId,
            idempotency_key: `bench-${round}-${index}`,
          }),
        });
        const answer = (await response.json()) as { xcode: number };
        if (answer.xcode !== 200) failed++;
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(buyers.length / seconds),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] * 10) / 10,
    failed,
  };
}

async function download(origin: string) {
  const started = performance.now();
  const response = await fetch(`${origin}/v3/api/download/votes?vote_id=${CONTEST}`, {
    headers: { appid: 'livev3', authorization: `Bearer ${SHOP_SEED_USERS.organiser.token}` },
  });
  if (!response.body || !(response.headers.get('content-type') ?? '').includes('spreadsheetml'))
    throw new Error(`download answered ${response.status} ${response.headers.get('content-type')}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  return { seconds: Math.round(((performance.now() - started) / 1000) * 100) / 100, bytes };
}

export async function run(): Promise<BenchRow[]> {
  const file = path.join(os.tmpdir(), `livev3-bench-shop-${process.pid}.db`);
  const buyers = await prepare(file);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATABASE_PATH: file, NODE_ENV: 'test' },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(`${origin}/v3/api/vote/product/list?id=${PRODUCT}`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await checkout(origin, buyers.slice(0, WARMUP_BUYERS), 'warm-up');
    const orders = await checkout(origin, buyers.slice(WARMUP_BUYERS), 'order');
    const before = peakMemoryMb(child.pid ?? 0);
    const sheet = await download(origin);
    const after = peakMemoryMb(child.pid ?? 0);
    return [
      {
        group: 'shop',
        name: `checkout: orders per second (${BUYERS} buyers, ${CONCURRENCY} at a time)`,
        value: orders.perSecond,
        unit: '/s',
      },
      { group: 'shop', name: 'checkout: p99 latency', value: orders.p99, unit: 'ms', goal: '< 200' },
      { group: 'shop', name: 'checkout: failed orders', value: orders.failed, unit: '', goal: '0' },
      {
        group: 'shop',
        name: `download: ${VOTE_ROWS.toLocaleString('en')} vote records as .xlsx`,
        value: sheet.seconds,
        unit: 's',
        goal: '< 5',
      },
      {
        group: 'shop',
        name: 'download: file size',
        value: Math.round((sheet.bytes / 1024 / 1024) * 10) / 10,
        unit: 'MB',
      },
      { group: 'shop', name: 'download: server peak memory before', value: before, unit: 'MB' },
      {
        group: 'shop',
        name: 'download: server peak memory after (flat = close to before)',
        value: after,
        unit: 'MB',
      },
    ];
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }
}
