/**
 * Chat moderation on two server nodes (real processes) sharing PostgreSQL and Redis, as `npm run cluster` runs them:
 * a line deleted through one node leaves the page of a viewer on the other within a second, a pinned announcement
 * reaches it, a line held for review on one node reaches the moderators' console on the other, and 20 approvals of
 * it split over both nodes put it in that viewer's chat once.
 *
 * Runs in the cluster step of `npm test` (scripts/test-postgres.ts sets TEST_DATABASE_URL and TEST_REDIS_URL);
 * skipped without them.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNode } from '../../scripts/cluster/node.ts';
import { startSession } from '../accounts/sessions.ts';
import { systemClock } from '../clock.ts';
import type { Data } from '../db/open.ts';
import { startTwoNodes, type TwoNodes } from '../cluster-test-helpers.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** The chat organiser's event (organisation 2 of the demo data). */
const EVENT = 'chat-e2e';

type Envelope = { xcode: number; msg: string; data: { id: number; status?: string; changed?: boolean } };

describe.skipIf(!databaseUrl || !redisUrl)('chat moderation on two nodes sharing Redis', () => {
  let nodes: TwoNodes | undefined;
  let data: Data;
  let a: ServerNode;
  let b: ServerNode;
  let organiser = '';
  let viewer = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    nodes = await startTwoNodes({
      databaseUrl: databaseUrl as string,
      redisUrl: redisUrl as string,
    });
    ({ a, b, data } = nodes);
    const { id: owner } = await data.sql
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'chat-owner@livev3.test')
      .executeTakeFirstOrThrow();
    const { id: chatter } = await data.sql
      .insertInto('users')
      .values({ email: 'chatter@moderation.test', nickname: 'chatter', created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    organiser = await startSession(data.sql, owner, systemClock());
    viewer = await startSession(data.sql, chatter, systemClock());
  }, 90_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await nodes?.stop();
  }, 30_000);

  const post = async (node: ServerNode, url: string, payload: object, token: string) =>
    (await (
      await fetch(`${node.origin}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'accept-language': 'en',
        },
        body: JSON.stringify({ token: EVENT, ...payload }),
      })
    ).json()) as Envelope;

  /** A socket on node B in the event's room (a moderator's console: `moderate`), recording what it hears. */
  async function onB(moderator?: string) {
    const socket = connect(b.origin, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: moderator ? { token: moderator } : {},
    });
    sockets.push(socket);
    const heard: { name: string; at: number; payload: unknown }[] = [];
    socket.onAny((name: string, payload: unknown) => heard.push({ name, at: performance.now(), payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(
      await socket.emitWithAck('join', { token: EVENT, ...(moderator && { watch: false, moderate: true }) }),
    ).toMatchObject({ ok: true, data: { moderating: Boolean(moderator) } });
    const lines = () =>
      heard
        .filter((event) => event.name === 'chat:batch')
        .flatMap((event) => event.payload as { id: number }[]);
    return { heard, lines };
  }

  it('a line deleted through node A leaves the page of a viewer on node B within a second', async () => {
    const room = await onB();
    const sent = await post(a, '/v3/api/chat/save/msg', { content: 'gone soon' }, viewer);
    expect(sent.xcode).toBe(200);
    await expect.poll(() => room.lines().map((line) => line.id)).toContain(sent.data.id);
    const asked = performance.now();
    expect(await post(a, '/v3/api/chat/delete', { id: sent.data.id }, organiser)).toMatchObject({
      data: { deleted: true },
    });
    await expect
      .poll(() => room.heard.find((event) => event.name === 'chat:deleted'), { interval: 10, timeout: 2000 })
      .toMatchObject({ payload: { token: EVENT, id: sent.data.id } });
    const deleted = room.heard.find((event) => event.name === 'chat:deleted');
    expect((deleted?.at ?? Infinity) - asked).toBeLessThan(1000);
  });

  it('a pin through node A reaches node B; 20 approvals split over both nodes broadcast the line once', async () => {
    const room = await onB();
    const console = await onB(organiser);
    await post(a, '/v3/api/chat/pin', { content: 'pinned on A' }, organiser);
    await expect
      .poll(() => room.heard.find((event) => event.name === 'chat:room')?.payload)
      .toMatchObject({ token: EVENT, pinned: 'pinned on A' });
    await post(b, '/v3/api/chat/review_mode', { enabled: true }, organiser);
    const sent = await post(a, '/v3/api/chat/save/msg', { content: 'wait for it' }, viewer);
    expect(sent.data.status).toBe('waiting');
    // The line waits on node A; the moderators' console on node B hears it, the room does not.
    await expect
      .poll(() => console.heard.find((event) => event.name === 'chat:waiting')?.payload)
      .toMatchObject({ token: EVENT, line: { id: sent.data.id, status: 'waiting' } });
    const approvals = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post(index % 2 ? a : b, '/v3/api/chat/approve', { id: sent.data.id }, organiser),
      ),
    );
    expect(approvals.filter((answer) => answer.data.changed)).toHaveLength(1);
    await expect.poll(() => room.lines().filter((line) => line.id === sent.data.id)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(room.lines().filter((line) => line.id === sent.data.id)).toHaveLength(1);
    expect(console.heard.filter((event) => event.name === 'chat:reviewed')).toEqual([
      expect.objectContaining({ payload: { token: EVENT, id: sent.data.id, status: 'shown' } }),
    ]);
    expect(room.heard.filter((event) => event.name === 'chat:waiting')).toEqual([]);
    await post(a, '/v3/api/chat/review_mode', { enabled: false }, organiser);
  });
});
