/**
 * Red-packet payouts end to end against the WeChat emulator: 1,000 viewers grab a 50-share packet at once, the
 * emulator fails a tenth of the transfer calls transiently (half of those after making the bill, as when WeChat's
 * answer is lost) and one grabber's transfer for good; the worker retries to exactly 50 bills, the failed share goes
 * back to the sender, and the successful transfers plus the refunds equal what the sender paid, to the cent, here and
 * at WeChat. Runs on SQLite and PostgreSQL (scripts/test-postgres.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import { processDueRefunds } from '../wechat/refunds';
import { emulatorConfirmTransfer, emulatorControl, emulatorPay, emulatorState } from '../wechat/emulator';
import { RED_PACKET_TTL_MS, expirePackets } from './packets';
import { refundExpiredPackets } from './pay';
import { processDueTransfers, refundFailedTransfers, transferBillNo } from './transfers';

let app: Awaited<ReturnType<typeof buildServer>>;
/** The server's clock: the test moves it to make back-offs and expiries due. */
let clock = Date.UTC(2026, 0, 5, 2);
const EVENT = 'redpack-transfers';
const GRABBERS = 1000;
const viewers: { id: number; openid: string; auth: Record<string, string> }[] = [];

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
  await app.sql
    .insertInto('events')
    .values({ token: EVENT, owner_id: 1, title: '红包转账测试直播' })
    .execute();
  const ids = Array.from({ length: GRABBERS + 1 }, (_, index) => 20_000 + index);
  for (let start = 0; start < ids.length; start += 200)
    await app.sql
      .insertInto('users')
      .values(
        ids.slice(start, start + 200).map((id) => ({
          id,
          email: `transfer${id}@test`,
          nickname: `viewer ${id}`,
          openid: `o-transfer-${id}`,
          created_at: 0,
        })),
      )
      .execute();
  const tokens = await Promise.all(ids.map((id) => startSession(app.sql, id, clock)));
  ids.forEach((id, index) =>
    viewers.push({ id, openid: `o-transfer-${id}`, auth: { authorization: `Bearer ${tokens[index]}` } }),
  );
}, 120_000);
afterAll(() => app?.close());

const runtime = () => app.services.wechat;
const inject = (url: string, auth: Record<string, string>, payload?: object) =>
  app.inject({ method: payload ? 'POST' : 'GET', url, payload, headers: auth }).then((r) => r.json());

async function paidPacket(amount: number, count: number, sender = viewers[GRABBERS]) {
  const answer = await inject('/v3/api/wechat/redpack/send', sender.auth, { token: EVENT, amount, count });
  expect(answer.xcode).toBe(200);
  expect(await emulatorPay(app, answer.data.order_sn)).toBe('ok');
  const order = await app.sql
    .selectFrom('orders')
    .select(['ref_id', 'order_sn'])
    .where('order_sn', '=', answer.data.order_sn)
    .executeTakeFirstOrThrow();
  return { id: order.ref_id, orderSn: order.order_sn };
}

const transfersOf = (packetId: number) =>
  app.sql.selectFrom('red_packet_transfers').selectAll().where('packet_id', '=', packetId).execute();

/** Runs the worker with the clock moving on, until no transfer of the packet is in one of `states`. */
async function workUntilNone(packetId: number, states: string[]) {
  for (let round = 0; round < 60; round++) {
    await processDueTransfers(runtime());
    const left = (await transfersOf(packetId)).filter((row) => states.includes(row.state));
    if (left.length === 0) return;
    clock += 10 * 60_000;
  }
  throw new Error(`transfers of packet ${packetId} still in ${states.join(', ')}`);
}

/** The refunds of an order that went through, summed. */
async function refundedCents(orderSn: string) {
  const rows = await app.sql
    .selectFrom('wechat_refunds')
    .select(['amount_cents', 'status'])
    .where('order_sn', '=', orderSn)
    .execute();
  return rows.filter((row) => row.status === 'success').reduce((sum, row) => sum + row.amount_cents, 0);
}

describe('red-packet payouts to WeChat balance', () => {
  it('1,000 concurrent grabbers, 50 shares: 50 transfers, transient failures retried, one failed and refunded, exact sums', async () => {
    const total = 12_345;
    const { id, orderSn } = await paidPacket(total, 50);
    await emulatorControl(app, { transferErrorRate: 0.1 });

    const answers = await Promise.all(
      viewers.slice(0, GRABBERS).map((viewer) => inject(`/v3/api/wechat/redpack/get?id=${id}`, viewer.auth)),
    );
    const won = answers.filter((answer) => answer.xcode === 200);
    expect(won).toHaveLength(50);
    expect(
      answers.filter((answer) => answer.xcode !== 200).every((a) => a.msg === '手慢了，红包已抢完'),
    ).toBe(true);

    // Exactly one transfer per grab, each for the grabbed share, numbered after the share.
    let rows = await transfersOf(id);
    expect(rows).toHaveLength(50);
    expect(rows.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(total);
    expect(new Set(rows.map((row) => row.user_id)).size).toBe(50);
    expect(rows.every((row) => row.out_bill_no === transferBillNo(id, row.seq))).toBe(true);
    // Nobody has confirmed anything: at most asked of WeChat (the server's own sweep may have started).
    expect(rows.every((row) => row.state === 'pending' || row.state === 'wait_user_confirm')).toBe(true);

    // One grabber's transfers fail for good (WeChat: the account is frozen).
    const unlucky = viewers.find((viewer) => viewer.id === rows[7].user_id)!;
    await emulatorControl(app, { failTransfersOf: { openid: unlucky.openid, reason: 'ACCOUNT_FROZEN' } });

    await workUntilNone(id, ['pending']);
    rows = await transfersOf(id);
    expect(rows.every((row) => row.state === 'wait_user_confirm' && row.package_info)).toBe(true);
    // Retried through the transient failures, and never a second bill for a share.
    expect(rows.some((row) => row.attempts > 1)).toBe(true);
    const emulator = emulatorState(app);
    expect(emulator.transfers.lostAnswers).toBeGreaterThan(0);
    const bills = [...emulator.transfers.bills.values()].filter((bill) =>
      bill.out_bill_no.startsWith(`RP${id}S`),
    );
    expect(bills).toHaveLength(50);

    // Until the grabber confirms in WeChat, nothing says received.
    const pending = (await inject(`/v3/api/wechat/redpack/check?id=${id}`, unlucky.auth)).data.payout;
    expect(pending).toMatchObject({ state: 'wait_user_confirm', needs_wechat_login: false });
    expect(pending.confirm).toMatchObject({
      mch_id: runtime().credentials.mchId,
      app_id: runtime().credentials.appId,
    });

    await emulatorControl(app, { transferErrorRate: 0 });
    for (const row of rows) await emulatorConfirmTransfer(app, row.out_bill_no);
    await workUntilNone(id, ['pending', 'processing', 'wait_user_confirm']);
    rows = await transfersOf(id);
    const failed = rows.filter((row) => row.state === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ user_id: unlucky.id, fail_reason: 'ACCOUNT_FROZEN' });
    const shown = (await inject(`/v3/api/wechat/redpack/check?id=${id}`, unlucky.auth)).data.payout;
    expect(shown).toMatchObject({ state: 'failed', fail_reason: 'ACCOUNT_FROZEN' });
    expect(shown.fail_message).toContain('冻结');
    const lucky = viewers.find(
      (viewer) => viewer.id === rows.find((row) => row.state === 'success')!.user_id,
    )!;
    expect((await inject(`/v3/api/wechat/redpack/check?id=${id}`, lucky.auth)).data.payout.state).toBe(
      'success',
    );

    // The failed share goes back to the sender, once: whichever refunds it first, this call or the server's own sweep
    // (every 2 s, on a slow machine already done), the next finds nothing left. Successes plus refunds are what the
    // sender paid.
    expect(await refundFailedTransfers(runtime())).toBeLessThanOrEqual(1);
    expect(await refundFailedTransfers(runtime())).toBe(0);
    await vi.waitFor(
      async () => {
        await processDueRefunds(runtime());
        expect(await refundedCents(orderSn)).toBe(failed[0].amount_cents);
      },
      { timeout: 10_000, interval: 100 },
    );
    const paidOut = rows
      .filter((row) => row.state === 'success')
      .reduce((sum, row) => sum + row.amount_cents, 0);
    expect(paidOut + (await refundedCents(orderSn))).toBe(total);
    // The sender sees where the money went; the grabber's own payout is not theirs to see.
    const sender = (await inject(`/v3/api/wechat/redpack/check?id=${id}`, viewers[GRABBERS].auth)).data;
    expect(sender.payouts).toEqual({ paid: paidOut, under_way: 0, returned: failed[0].amount_cents });
    expect(sender.payout).toBeNull();
    expect((await inject(`/v3/api/wechat/redpack/check?id=${id}`, lucky.auth)).data.payouts).toBeNull();
    // WeChat agrees: what it transferred and refunded of this packet.
    const transferred = bills
      .filter((bill) => bill.state === 'SUCCESS')
      .reduce((sum, bill) => sum + bill.amount, 0);
    const refunded = [...emulator.refunds.values()]
      .filter((refund) => refund.out_trade_no === orderSn)
      .reduce((sum, refund) => sum + refund.amount, 0);
    expect(transferred + refunded).toBe(total);
  }, 240_000);

  it('an expired packet: grabbed shares transferred, the unclaimed rest refunded, unconfirmed ones refunded after 24 h', async () => {
    const total = 1000;
    const { id, orderSn } = await paidPacket(total, 5);
    for (const viewer of viewers.slice(0, 3))
      await inject(`/v3/api/wechat/redpack/get?id=${id}`, viewer.auth);
    await workUntilNone(id, ['pending']);
    const rows = await transfersOf(id);
    // Two grabbers confirm; the third never does.
    await emulatorConfirmTransfer(app, rows[0].out_bill_no);
    await emulatorConfirmTransfer(app, rows[1].out_bill_no);
    clock += RED_PACKET_TTL_MS;
    await expirePackets(app.sql, clock);
    await refundExpiredPackets(runtime());
    await workUntilNone(id, ['pending', 'processing', 'wait_user_confirm']);
    const after = await transfersOf(id);
    expect(after.filter((row) => row.state === 'success')).toHaveLength(2);
    const cancelled = after.find((row) => row.out_bill_no === rows[2].out_bill_no)!;
    expect(cancelled).toMatchObject({ state: 'failed', fail_reason: 'CANCELLED' });
    await refundFailedTransfers(runtime());
    const unclaimed = total - rows.reduce((sum, row) => sum + row.amount_cents, 0);
    await vi.waitFor(
      async () => {
        await processDueRefunds(runtime());
        expect(await refundedCents(orderSn)).toBe(unclaimed + cancelled.amount_cents);
      },
      { timeout: 10_000, interval: 100 },
    );
    const paidOut = after
      .filter((row) => row.state === 'success')
      .reduce((sum, row) => sum + row.amount_cents, 0);
    expect(paidOut + (await refundedCents(orderSn))).toBe(total);
  }, 60_000);

  it('a grabber without a WeChat account is told so; the share waits 24 hours, then goes back to the sender', async () => {
    const { id } = await paidPacket(500, 2);
    const viewer = viewers[GRABBERS - 1];
    await app.sql.updateTable('users').set({ openid: null }).where('id', '=', viewer.id).execute();
    await inject(`/v3/api/wechat/redpack/get?id=${id}`, viewer.auth);
    await processDueTransfers(runtime());
    const waiting = (await inject(`/v3/api/wechat/redpack/check?id=${id}&locale=en`, viewer.auth)).data
      .payout;
    expect(waiting).toMatchObject({ state: 'pending', needs_wechat_login: true, confirm: null });
    clock += 24 * 3600_000;
    await workUntilNone(id, ['pending']);
    const failed = (await inject(`/v3/api/wechat/redpack/check?id=${id}&locale=en`, viewer.auth)).data.payout;
    expect(failed).toMatchObject({ state: 'failed', fail_reason: 'NO_WECHAT_ACCOUNT' });
    expect(failed.fail_message).toMatch(/WeChat/);
  }, 60_000);

  it('refuses a transfer notification that is forged or tampered with, and applies a replay once', async () => {
    const { id } = await paidPacket(300, 1);
    await inject(`/v3/api/wechat/redpack/get?id=${id}`, viewers[3].auth);
    await workUntilNone(id, ['pending']);
    const forged = await app.inject({
      method: 'POST',
      url: '/v3/api/wechat/transfer/notify',
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': String(Math.floor(clock / 1000)),
        'wechatpay-nonce': 'forged-nonce',
        'wechatpay-signature': 'AAAA',
        'wechatpay-serial': runtime().credentials.platformSerial,
      },
      payload: JSON.stringify({ event_type: 'MCHTRANSFER.BILL.FINISHED', resource: {} }),
    });
    expect(forged.statusCode).toBe(401);
    const [row] = await transfersOf(id);
    expect(row.state).toBe('wait_user_confirm');
    // The real one (the user confirmed): settles the row without a query.
    const before = emulatorState(app).notifications.length;
    await emulatorConfirmTransfer(app, row.out_bill_no);
    await vi.waitFor(async () => expect((await transfersOf(id))[0].state).toBe('success'), { timeout: 5000 });
    const delivered = emulatorState(app).notifications.slice(before);
    expect(delivered).toContainEqual(
      expect.objectContaining({ event_type: 'MCHTRANSFER.BILL.FINISHED', status: 204 }),
    );
  });
});
