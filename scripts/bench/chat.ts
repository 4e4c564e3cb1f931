/**
 * Chat and red-packet figures against the real server process (fresh database) on loopback; the load generator,
 * the clients and the server share the machine's cores, so these are lower bounds for a real deployment.
 *
 * - Fan-out: 1,000 socket.io clients in one event room; senders (each within the per-viewer limit of 5 lines per 5 s)
 *   send real chat:send lines carrying their send time; deliveries/s and p99 delivery latency over the receivers.
 * - Render: the built app's chat room in Chromium with 4x CPU slowdown receiving 500 lines/s; frames per second.
 * - Red packets: grabs/s over HTTP (autocannon, each request a different viewer x packet), then every packet is checked
 *   for overspend (shares handed out beyond its total), double grabs and lost shares.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { chromium } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { chromiumLaunch } from '../../playwright.config.ts';
import { startServer } from './server-process.ts';
import { benchLogins } from './sessions.ts';
import type { BenchRow } from './types.ts';

const EVENT = 'chat-e2e';
const RECEIVERS = 1000;
/** A sender stays within the server's 5 lines per 5 s by sending at most one line every SENDER_INTERVAL_MS. */
const SENDER_INTERVAL_MS = 1100;
const FANOUT_RATE = 250;
const FANOUT_SECONDS = 8;
const RENDER_RATE = 500;
const RENDER_SECONDS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { xcode: number; msg: string; data: T };
  if (body.xcode !== 200) throw new Error(`${response.url}: ${body.msg}`);
  return body.data;
}

/**
 * Viewers with sessions for the load, written straight into the running server's database (the login endpoints are
 * rate limited per IP, as they should be). server-process.ts names the file after this process and the port.
 */
export function logins(origin: string, prefix: string, count: number): string[] {
  const file = path.join(os.tmpdir(), `livev3-bench-${process.pid}-${new URL(origin).port}.db`);
  if (!fs.existsSync(file)) throw new Error(`bench database not found at ${file} (see server-process.ts)`);
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  try {
    const insert = db.prepare('INSERT INTO users (email, nickname, created_at) VALUES (?, ?, 0)');
    const login = benchLogins(db);
    return db.transaction(() =>
      Array.from({ length: count }, (_, i) =>
        login(Number(insert.run(`${prefix}${i}@bench.test`, `${prefix}${i}`).lastInsertRowid)),
      ),
    )();
  } finally {
    db.close();
  }
}

export function connect(origin: string, token?: string): Promise<Socket> {
  const socket = io(origin, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Sends `rate` lines per second for `seconds` from a pool of senders, each line's content its send time (ms since the
 * time origin of this process, shared with the receivers); `accepted` counts the acknowledged ones.
 */
export async function sendLines(
  senders: Socket[],
  rate: number,
  seconds: number,
  accepted = { count: 0 },
): Promise<void> {
  let next = 0;
  const lastSent = new Array<number>(senders.length).fill(-Infinity);
  const tickMs = 20;
  const perTick = (rate * tickMs) / 1000;
  let owed = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    owed += perTick;
    while (owed >= 1) {
      owed -= 1;
      const now = performance.now();
      const index = next;
      next = (next + 1) % senders.length;
      if (now - lastSent[index] < SENDER_INTERVAL_MS) continue; // the pool is too small for this rate
      lastSent[index] = now;
      senders[index].emit('chat:send', { token: EVENT, content: String(now) }, (answer: { ok: boolean }) => {
        if (answer?.ok) accepted.count++;
      });
    }
    await sleep(tickMs);
  }
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;

async function fanOut(origin: string): Promise<BenchRow[]> {
  const group = `chat fan-out (socket.io, ${RECEIVERS} clients on one event, ${FANOUT_RATE} lines/s, ${FANOUT_SECONDS} s)`;
  const receivers: Socket[] = [];
  for (let start = 0; start < RECEIVERS; start += 100) {
    const batch = await Promise.all(Array.from({ length: 100 }, () => connect(origin)));
    for (const socket of batch) await socket.emitWithAck('join', { token: EVENT });
    receivers.push(...batch);
  }
  const senderCount = Math.ceil((FANOUT_RATE * SENDER_INTERVAL_MS) / 1000) + 20;
  const senders = await Promise.all(
    logins(origin, 'fan', senderCount).map((token) => connect(origin, token)),
  );

  const latencies = new Float64Array(FANOUT_RATE * FANOUT_SECONDS * RECEIVERS * 2);
  let delivered = 0;
  let lastDelivery = 0;
  let measuring = false;
  for (const socket of receivers) {
    socket.on('chat:batch', (lines: { content: string }[]) => {
      if (!measuring) return;
      const now = performance.now();
      lastDelivery = now;
      for (const line of lines) {
        if (delivered < latencies.length) latencies[delivered] = now - Number(line.content);
        delivered++;
      }
    });
  }
  measuring = true;
  const started = performance.now();
  const accepted = { count: 0 };
  await sendLines(senders, FANOUT_RATE, FANOUT_SECONDS, accepted);
  await sleep(1000); // the last acknowledgements and batches in flight
  measuring = false;
  const seconds = (lastDelivery - started) / 1000;
  const sorted = latencies.slice(0, Math.min(delivered, latencies.length)).sort();
  [...receivers, ...senders].forEach((socket) => socket.close());
  return [
    {
      group,
      name: 'deliveries per second',
      value: Math.round(delivered / seconds),
      unit: '/s',
      goal: '>= 150000',
    },
    {
      group,
      name: 'p99 delivery latency',
      value: Math.round(percentile(sorted, 0.99)),
      unit: 'ms',
      goal: '< 100',
    },
    { group, name: 'p50 delivery latency', value: Math.round(percentile(sorted, 0.5)), unit: 'ms' },
    {
      group,
      name: 'lines lost (accepted x receivers - delivered)',
      value: accepted.count * RECEIVERS - delivered,
      unit: '',
      goal: '0',
    },
  ];
}

async function renderFps(origin: string): Promise<BenchRow[]> {
  const group = `chat list render (Chromium, 4x CPU slowdown, ${RENDER_RATE} lines/s)`;
  const senderCount = Math.ceil((RENDER_RATE * SENDER_INTERVAL_MS) / 1000) + 20;
  const senders = await Promise.all(
    logins(origin, 'render', senderCount).map((token) => connect(origin, token)),
  );
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${origin}/livev3/#/pages/home/index?token=${EVENT}`);
    const list = page.getByTestId('chat-room').getByRole('log');
    await list.waitFor();
    await list.scrollIntoViewIfNeeded();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // A string, not a function: tsx's name-keeping helper does not exist inside the page.
    const measure = () =>
      page.evaluate(`new Promise((resolve) => {
        const times = [];
        const start = performance.now();
        function tick(now) {
          times.push(now);
          if (now - start < ${(RENDER_SECONDS - 1) * 1000}) return requestAnimationFrame(tick);
          let worst = 0;
          for (let i = 1; i < times.length; i++) worst = Math.max(worst, times[i] - times[i - 1]);
          resolve({
            fps: ((times.length - 1) * 1000) / (times[times.length - 1] - times[0]),
            worstFrameMs: worst,
            rows: document.querySelectorAll('[data-testid="chat-room"] [data-index]').length,
          });
        }
        requestAnimationFrame(tick);
      })`) as Promise<{ fps: number; worstFrameMs: number; rows: number }>;
    // The same page with no lines arriving, just before: on a shared machine this shows what the load leaves.
    const idle = await measure();
    // Lines start flowing just before the measurement and keep flowing through it.
    const sending = sendLines(senders, RENDER_RATE, RENDER_SECONDS);
    const result = await measure();
    await sending;
    const fps = (value: number) => Math.round(value * 10) / 10;
    return [
      { group, name: 'frames per second', value: fps(result.fps), unit: 'fps', goal: '>= 55' },
      { group, name: 'reference: same page, no lines arriving', value: fps(idle.fps), unit: 'fps' },
      { group, name: 'longest frame', value: Math.round(result.worstFrameMs), unit: 'ms' },
      { group, name: 'rows in the DOM (windowed)', value: result.rows, unit: '' },
    ];
  } finally {
    await browser.close();
    senders.forEach((socket) => socket.close());
  }
}

const GRAB_VIEWERS = 100;
const GRAB_PACKETS = 250;
const SHARES = 100;

async function grabs(origin: string): Promise<BenchRow[]> {
  const group = `red packets over HTTP (autocannon, 50 connections, ${GRAB_PACKETS} packets x ${SHARES} shares)`;
  const tokens = logins(origin, 'grab', GRAB_VIEWERS + 1);
  const sender = { authorization: `Bearer ${tokens[GRAB_VIEWERS]}`, 'content-type': 'application/json' };
  const packets: number[] = [];
  for (let i = 0; i < GRAB_PACKETS; i++) {
    const order = await json<{ order_sn: string }>(
      await fetch(`${origin}/v3/api/wechat/redpack/send`, {
        method: 'POST',
        headers: sender,
        body: JSON.stringify({ token: EVENT, amount: 20_000, count: SHARES, t_type: 'wap' }),
      }),
    );
    await fetch(`${origin}/emulator/wechat/pay/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_sn: order.order_sn }),
    });
  }
  // The packets, as the chat announced them (paged upward through the event's history).
  const announced = new Set<number>();
  let before: number | undefined;
  for (;;) {
    const page = await json<{ list: { id: number; kind: string; packet_id: number }[]; has_more: boolean }>(
      await fetch(`${origin}/v3/api/chat/get/msg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: EVENT, limit: 100, before_id: before }),
      }),
    );
    page.list.filter((line) => line.kind === 'redpack').forEach((line) => announced.add(line.packet_id));
    if (!page.has_more || !page.list.length) break;
    before = page.list[0].id;
  }
  packets.push(...[...announced].sort((a, b) => a - b));

  // Request i: packet i / viewers, viewer i % viewers: every request is a first grab of its pair.
  let index = 0;
  const total = packets.length * GRAB_VIEWERS;
  // The run's own clock, from the first request to the last answer: with a fixed number of requests autocannon
  // notices the end only at its next one-second sample, so its `duration` rounds up to whole seconds (25,000 grabs in
  // 4.2 s read as 5.01 s, 4,990/s).
  const started = performance.now();
  let lastAnswer = started;
  const result = await autocannon({
    url: origin,
    connections: 50,
    amount: total,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const i = index++ % total;
          return {
            ...request,
            path: `/v3/api/wechat/redpack/get?id=${packets[Math.floor(i / GRAB_VIEWERS)]}`,
            headers: { authorization: `Bearer ${tokens[i % GRAB_VIEWERS]}` },
          };
        },
        onResponse: () => {
          lastAnswer = performance.now();
        },
      },
    ],
  });

  let granted = 0;
  let overspentCents = 0;
  let doubleGrabs = 0;
  let lostShares = 0;
  for (const id of packets) {
    // As the sender: other viewers see grabbers masked, without user ids or amounts.
    const packet = await json<{ total: number; count: number; grabs: { user_id: number; amount: number }[] }>(
      await fetch(`${origin}/v3/api/wechat/redpack/check?id=${id}`, {
        headers: { authorization: sender.authorization },
      }),
    );
    const sum = packet.grabs.reduce((acc, grab) => acc + grab.amount, 0);
    granted += packet.grabs.length;
    overspentCents += Math.max(0, sum - packet.total);
    doubleGrabs += packet.grabs.length - new Set(packet.grabs.map((grab) => grab.user_id)).size;
    // Every share requested by a distinct viewer must have been handed out.
    if (packet.grabs.length === packet.count && sum !== packet.total) lostShares += 1;
    if (packet.grabs.length < Math.min(packet.count, GRAB_VIEWERS)) lostShares += 1;
  }
  const seconds = (lastAnswer - started) / 1000;
  return [
    {
      group,
      name: 'successful grabs per second',
      value: Math.round(granted / seconds),
      unit: '/s',
      goal: '>= 5000',
    },
    { group, name: 'grab p99 latency', value: result.latency.p99, unit: 'ms' },
    {
      group,
      name: 'overspent (cents handed out beyond totals)',
      value: overspentCents,
      unit: 'cents',
      goal: '0',
    },
    {
      group,
      name: 'double grabs + packets with lost shares',
      value: doubleGrabs + lostShares,
      unit: '',
      goal: '0',
    },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const part of [fanOut, renderFps, grabs]) {
    // A fresh server for each part: one part's sockets and rows do not slow the next.
    const server = await startServer();
    try {
      rows.push(...(await part(server.origin)));
    } finally {
      await server.stop();
    }
  }
  return rows;
}
