/**
 * A late payment's notification is answered at once even when WeChat's refund API hangs: the refund is recorded as
 * due and called in the background (and retried by the refund worker), never inside the notification's answer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app';
import { createSession } from '../auth/sessions';
import type { RefundAnswer } from './client';
import { emulatorPay, emulatorState } from './emulator';
import { findRefund, processDueRefunds } from './refunds';
import { wechatOf } from './setup';

const clock = Date.UTC(2026, 10, 23, 4);
let app: Awaited<ReturnType<typeof buildServer>>;
let auth: Record<string, string>;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
  app.db
    .prepare(
      "INSERT INTO users (id, phone, openid, nickname, created_at) VALUES (61, '13900000061', 'o-late-61', 'late', 0)",
    )
    .run();
  auth = { authorization: `Bearer ${createSession(app.db, 61, clock)}` };
});
afterAll(() => app.close());

describe('late payment refunds', () => {
  it('the notification answers promptly while the refund call hangs; the refund completes once WeChat answers', async () => {
    const player = app.db
      .prepare('SELECT id, votes FROM players WHERE contest_id = 2 ORDER BY id LIMIT 1')
      .get() as { id: number; votes: number };
    const answer = (
      await app.inject({
        method: 'POST',
        url: '/v2/api/wechat/vote/user/order',
        payload: {
          vote_id: 2,
          player_id: player.id,
          count: 1,
          t_type: 'wap',
          idempotency_key: 'late-hang-0001',
        },
        headers: auth,
      })
    ).json();
    expect(answer.xcode).toBe(200);
    const sn = answer.data.order_sn as string;
    // The contest ends while the viewer is on the pay page.
    app.db.prepare('UPDATE contests SET ends_at = ? WHERE id = 2').run(Math.floor(clock / 1000) - 1);

    // WeChat's refund API hangs (the real call gives up after 10 s).
    const runtime = wechatOf(app);
    const real = runtime.client.refund.bind(runtime.client);
    let release: () => void = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    const spy = vi.spyOn(runtime.client, 'refund').mockImplementation(async (input) => {
      calls.push(input.refundNo);
      await hanging;
      return real(input) as Promise<RefundAnswer>;
    });
    try {
      // WeChat waits a few seconds for the answer: a notification held by the refund call would still be 'held'.
      const started = performance.now();
      const paid = await Promise.race([
        emulatorPay(app, sn),
        new Promise((resolve) => setTimeout(() => resolve('held'), 3000).unref()),
      ]);
      expect(paid).toBe('ok');
      expect(performance.now() - started).toBeLessThan(2000);
      const delivered = emulatorState(app).notifications.filter(
        (n) => n.event_type === 'TRANSACTION.SUCCESS',
      );
      expect(delivered.at(-1)?.status).toBe(204);
      // The order is closed, the refund recorded and its first attempt under way (held by it, so the sweep waits).
      expect(app.db.prepare('SELECT status FROM orders WHERE order_sn = ?').get(sn)).toEqual({ status: 2 });
      await vi.waitFor(() => expect(calls).toEqual([`R${sn}`]));
      expect(await findRefund(runtime.sql, `R${sn}`)).toMatchObject({ status: 'pending', attempts: 1 });
      expect(await processDueRefunds(runtime)).toBe(0);
      expect(calls).toHaveLength(1);
    } finally {
      release();
    }
    await vi.waitFor(async () =>
      expect(await findRefund(runtime.sql, `R${sn}`)).toMatchObject({ status: 'success', amount_cents: 100 }),
    );
    spy.mockRestore();
    expect(
      (app.db.prepare('SELECT votes FROM players WHERE id = ?').get(player.id) as { votes: number }).votes,
    ).toBe(player.votes);
  });
});
