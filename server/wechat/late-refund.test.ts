/**
 * A late payment's notification is answered at once even when WeChat's refund API hangs: the refund is recorded as
 * due and called in the background (and retried by the refund worker), never inside the notification's answer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import type { RefundAnswer } from './client';
import { emulatorPay, emulatorState } from './emulator';
import { findRefund, processDueRefunds } from './refunds';

const clock = Date.UTC(2026, 10, 23, 4);
let app: Awaited<ReturnType<typeof buildServer>>;
let auth: Record<string, string>;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
  await app.sql
    .insertInto('users')
    .values({ id: 61, phone: '13900000061', openid: 'o-late-61', nickname: 'late', created_at: 0 })
    .execute();
  auth = { authorization: `Bearer ${await startSession(app.sql, 61, clock)}` };
});
afterAll(() => app.close());

describe('late payment refunds', () => {
  it('the notification answers promptly while the refund call hangs; the refund completes once WeChat answers', async () => {
    const votesOf = async (id: number) =>
      (await app.sql.selectFrom('players').select('votes').where('id', '=', id).executeTakeFirstOrThrow())
        .votes;
    const player = await app.sql
      .selectFrom('players')
      .select(['id', 'votes'])
      .where('contest_id', '=', 2)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
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
    await app.sql
      .updateTable('contests')
      .set({ ends_at: Math.floor(clock / 1000) - 1 })
      .where('id', '=', 2)
      .execute();

    // WeChat's refund API hangs (the real call gives up after 10 s).
    const runtime = app.services.wechat;
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
      expect(
        await app.sql.selectFrom('orders').select('status').where('order_sn', '=', sn).executeTakeFirst(),
      ).toEqual({ status: 2 });
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
    expect(await votesOf(player.id)).toBe(player.votes);
  });
});
