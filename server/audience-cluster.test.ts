/**
 * The audience figure on two server nodes (real processes) sharing PostgreSQL and Redis, as `npm run cluster` runs
 * them: 1,000 clients split over the nodes are counted as 1,000 by both, within seconds, in the room's pushes and in
 * the detail either node answers; a viewer with a tab on each node counts once.
 *
 * Runs in the cluster step of `npm test` (scripts/test-postgres.ts sets TEST_DATABASE_URL and TEST_REDIS_URL);
 * skipped without them. A node that goes away is server/events/audience.test.ts's (on Redis, with a fake clock).
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNode } from '../scripts/cluster/node.ts';
import { startSession } from './accounts/sessions.ts';
import { systemClock } from './clock.ts';
import type { Data } from './db/open.ts';
import { startTwoNodes, type TwoNodes } from './cluster-test-helpers.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const EVENT = 'chat-e2e';
const CLIENTS = 1000;

describe.skipIf(!databaseUrl || !redisUrl)('the audience on two nodes sharing Redis', () => {
  let nodes: TwoNodes | undefined;
  let data: Data;
  let a: ServerNode;
  let b: ServerNode;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    nodes = await startTwoNodes({
      databaseUrl: databaseUrl as string,
      redisUrl: redisUrl as string,
    });
    ({ a, b, data } = nodes);
  }, 90_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await nodes?.stop();
  }, 30_000);

  const open = (origin: string, token?: string) => {
    const socket = connect(origin, {
      transports: ['websocket'],
      auth: token ? { token } : {},
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      if (socket.connected) return resolve();
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const join = (socket: Socket) => socket.emitWithAck('join', { token: EVENT }) as Promise<{ ok: boolean }>;
  const pushes = (socket: Socket) => {
    const seen: number[] = [];
    socket.on('presence', ({ count }: { count: number }) => seen.push(count));
    return seen;
  };
  const views = async (origin: string) =>
    (
      (await (await fetch(`${origin}/v3/api/video/detail?token=${EVENT}`)).json()) as {
        data: { views: number };
      }
    ).data.views;

  it('1,000 clients split over the nodes show 1,000 on both within seconds; a viewer on both nodes counts once', async () => {
    const clients = Array.from({ length: CLIENTS }, (_, i) => open(i % 2 ? b.origin : a.origin));
    const [onA, onB] = [pushes(clients[0]), pushes(clients[1])];
    // Connecting a thousand clients from this process, and their joins, cost the test's own process seconds on a busy
    // machine: the clock starts once they are in the room (their joins acknowledged).
    await Promise.all(clients.map(connected));
    const joined = await Promise.all(clients.map(join));
    const started = performance.now();
    expect(joined.every((answer) => answer.ok)).toBe(true);
    await expect.poll(() => onA.at(-1), { timeout: 10_000, interval: 50 }).toBe(CLIENTS);
    await expect.poll(() => onB.at(-1), { timeout: 10_000, interval: 50 }).toBe(CLIENTS);
    expect(performance.now() - started).toBeLessThan(10_000);
    // Either node's detail: its own last count, or a fresh read (2 s at most behind the other node's changes).
    await expect.poll(() => views(a.origin), { timeout: 5000 }).toBe(CLIENTS);
    await expect.poll(() => views(b.origin), { timeout: 5000 }).toBe(CLIENTS);

    // One logged-in viewer, a tab on each node.
    await data.sql.insertInto('users').values({ id: 88_001, nickname: 'two tabs', created_at: 0 }).execute();
    const token = await startSession(data.sql, 88_001, systemClock(), 3600_000);
    const tabs = [open(a.origin, token), open(b.origin, token)];
    await Promise.all(tabs.map(connected));
    for (const tab of tabs) expect(await join(tab)).toMatchObject({ ok: true });
    await expect.poll(() => onA.at(-1), { timeout: 10_000 }).toBe(CLIENTS + 1);
    await expect.poll(() => onB.at(-1), { timeout: 10_000 }).toBe(CLIENTS + 1);
    // Its tab on A closes: it still watches on B.
    tabs[0].close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(onA.at(-1)).toBe(CLIENTS + 1);
    // Half the clients leave.
    clients.slice(2, 502).forEach((socket) => socket.close());
    await expect.poll(() => onB.at(-1), { timeout: 10_000 }).toBe(CLIENTS + 1 - 500);
    await expect.poll(() => onA.at(-1), { timeout: 10_000 }).toBe(CLIENTS + 1 - 500);
  }, 120_000);
});
