/**
 * Red-packet shares paid out to the grabbers' WeChat balance through WeChat Pay's merchant transfers (商家转账,
 * user-confirmation mode). A grab records one transfer row in its own transaction (`TRANSFER_ROW`, packets.ts); from
 * then on the row is the truth:
 *
 * - The worker (`processDueTransfers`, run every few seconds on every node) takes due rows one by one with a
 *   conditional update (attempts + 1, a lease on `next_attempt_at`), so two nodes never work on one row at once and
 *   a node that stops mid-call leaves the row to be taken again when the lease ends. State lives in the database only.
 * - A pending row is asked of WeChat with its `out_bill_no` (the share's, never another), so a retry after a lost
 *   answer or a restart finds the bill WeChat already made instead of paying twice. Transient failures (5xx,
 *   SYSTEM_ERROR, rate limits, an unreachable WeChat, funds short) are retried with back-off, forever; any other
 *   refusal fails the transfer for good.
 * - WeChat's states map to ours: WAIT_USER_CONFIRM -> wait_user_confirm (the grabber confirms in WeChat with the
 *   bill's package), ACCEPTED/PROCESSING/TRANSFERING/CANCELING -> processing, SUCCESS -> success, FAIL and CANCELLED
 *   (not confirmed within 24 hours, or withdrawn) -> failed. Rows under way are polled with back-off; the signed
 *   notification (MCHTRANSFER.BILL.FINISHED, `transfer-notify.ts`) settles them at once. A final state never moves.
 * - A failed transfer's amount goes back to the sender (`refundFailedTransfers`: a partial refund of the packet's
 *   order, one per transfer), as the unclaimed rest of an expired packet does: what the sender paid is always the sum
 *   of the successful transfers and the refunds, to the cent.
 * - A grabber without a WeChat account (logged in by phone or e-mail) cannot be paid: the row waits up to
 *   `OPENID_WAIT_MS` for one, then fails (NO_WECHAT_ACCOUNT) and is refunded.
 */
import type { Sql } from '../db/sql.ts';
import type { TransferState } from '../db/tables/red-packets.ts';
import { localize, type Locale, type LocalizedText } from '../envelope.ts';
import { WechatApiError, type TransferBill, type WechatClient } from '../wechat/client.ts';
import { startRefund, type RefundDeps } from '../wechat/refunds.ts';

/** The share's bill number at WeChat: digits and letters only (WeChat's rule), at most 32. */
export const transferBillNo = (packetId: number, seq: number) => `RP${packetId}S${seq}`;
/** The refund key of a failed transfer's amount (one refund per transfer). */
export const transferRefundKey = (outBillNo: string) => `RT${outBillNo}`;

/** How long one attempt holds its row; another node may take it afterwards. */
const LEASE_MS = 60_000;
/** How long a grabber without a WeChat account has to get one before the share goes back to the sender. */
export const OPENID_WAIT_MS = 24 * 3600 * 1000;
const OPENID_RECHECK_MS = 60_000;

/** Back-off after the n-th failed attempt: 5 s, 10 s, 20 s ... capped at one hour. */
export const transferBackoffMs = (attempts: number) =>
  Math.min(3600_000, 5000 * 2 ** Math.max(0, attempts - 1));
/** How soon a transfer under way is asked about again (the notification usually comes first): 15 s ... 30 min. */
const pollMs = (attempts: number) => Math.min(1800_000, 15_000 * 2 ** Math.max(0, attempts - 1));

const UNDER_WAY: TransferState[] = ['pending', 'processing', 'wait_user_confirm'];

/** WeChat Pay's answers that say "try again later with the same bill": nothing was decided. */
const TRANSIENT_CODES = new Set([
  'SYSTEM_ERROR',
  'FREQUENCY_LIMITED',
  'FREQUENCY_LIMIT_EXCEED',
  'NOT_ENOUGH',
  'SIGN_ERROR',
]);

export function isTransient(error: unknown): boolean {
  if (!(error instanceof WechatApiError)) return true; // unreachable, timed out, not JSON
  return error.status >= 500 || error.status === 429 || TRANSIENT_CODES.has(String(error.errcode));
}

/** Our state for WeChat's state of a bill. */
export function stateOf(wechatState: string): TransferState {
  switch (wechatState) {
    case 'SUCCESS':
      return 'success';
    case 'FAIL':
    case 'CANCELLED':
      return 'failed';
    case 'WAIT_USER_CONFIRM':
      return 'wait_user_confirm';
    default:
      return 'processing';
  }
}

export type TransferDeps = {
  sql: Sql;
  client: WechatClient;
  now: () => number;
  log?: (message: string) => void;
};

/**
 * Applies WeChat's word on a bill (an answer or a notification) to its row, unless the row is already final: one
 * conditional update. 'updated' when it moved.
 */
export async function applyBill(
  deps: Pick<TransferDeps, 'sql' | 'now'>,
  bill: TransferBill,
  attempts = 1,
): Promise<'updated' | 'unchanged'> {
  const state = stateOf(bill.state);
  const at = deps.now();
  const final = state === 'success' || state === 'failed';
  const moved = await deps.sql
    .updateTable('red_packet_transfers')
    .set({
      state,
      wechat_state: bill.state,
      ...(bill.package_info ? { package_info: bill.package_info } : {}),
      ...(bill.transfer_bill_no ? { transfer_bill_no: bill.transfer_bill_no } : {}),
      ...(state === 'failed' ? { fail_reason: (bill.fail_reason || bill.state).slice(0, 64) } : {}),
      last_error: null,
      next_attempt_at: final ? at : at + pollMs(attempts),
      updated_at: at,
    })
    .where('out_bill_no', '=', bill.out_bill_no)
    .where('state', 'in', UNDER_WAY)
    .returning('id')
    .executeTakeFirst();
  return moved ? 'updated' : 'unchanged';
}

/** Fails a row for good (WeChat refused it, or nobody can receive it). */
async function failTransfer(
  deps: Pick<TransferDeps, 'sql' | 'now'>,
  id: number,
  reason: string,
  detail: string,
) {
  const at = deps.now();
  await deps.sql
    .updateTable('red_packet_transfers')
    .set({
      state: 'failed',
      fail_reason: reason.slice(0, 64),
      last_error: detail.slice(0, 300),
      updated_at: at,
    })
    .where('id', '=', id)
    .where('state', 'in', UNDER_WAY)
    .execute();
}

/** What the transfer tells its receiver and WeChat's scene report (cash marketing: activity name, reward note). */
async function billTexts(sql: Sql, packetId: number) {
  const row = await sql
    .selectFrom('red_packets as p')
    .innerJoin('events as e', 'e.id', 'p.event_id')
    .innerJoin('users as u', 'u.id', 'p.sender_id')
    .select(['e.title', 'u.nickname'])
    .where('p.id', '=', packetId)
    .executeTakeFirst();
  const title = row?.title.trim() || '直播红包';
  return {
    remark: `${row?.nickname ?? ''}的直播红包`,
    reportInfos: [
      { info_type: '活动名称', info_content: title },
      { info_type: '奖励说明', info_content: '直播间红包领取' },
    ],
  };
}

/** One attempt at one row, when it is due and nobody else holds it. */
export async function attemptTransfer(deps: TransferDeps, id: number): Promise<void> {
  const at = deps.now();
  const claimed = await deps.sql
    .updateTable('red_packet_transfers')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: at + LEASE_MS, updated_at: at }))
    .where('id', '=', id)
    .where('state', 'in', UNDER_WAY)
    .where('next_attempt_at', '<=', at)
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return;
  try {
    let bill: TransferBill;
    if (claimed.state === 'pending') {
      const user = await deps.sql
        .selectFrom('users')
        .select('openid')
        .where('id', '=', claimed.user_id)
        .executeTakeFirst();
      if (!user?.openid) {
        if (at - Number(claimed.created_at) >= OPENID_WAIT_MS)
          return await failTransfer(deps, id, 'NO_WECHAT_ACCOUNT', 'the grabber never logged in with WeChat');
        await deps.sql
          .updateTable('red_packet_transfers')
          .set({ next_attempt_at: at + OPENID_RECHECK_MS, last_error: 'waiting for a WeChat login' })
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .execute();
        return;
      }
      bill = await deps.client.createTransferBill({
        outBillNo: claimed.out_bill_no,
        openid: user.openid,
        amountCents: claimed.amount_cents,
        ...(await billTexts(deps.sql, claimed.packet_id)),
      });
    } else bill = await deps.client.queryTransferBill(claimed.out_bill_no);
    await applyBill(deps, bill, claimed.attempts);
  } catch (error) {
    const detail =
      error instanceof WechatApiError ? `${error.errcode}: ${error.errmsg}` : (error as Error).message;
    deps.log?.(`red-packet transfer ${claimed.out_bill_no} attempt ${claimed.attempts}: ${detail}`);
    // A refusal of the creation is final; a query that fails says nothing about the bill, so it is asked again.
    if (claimed.state === 'pending' && !isTransient(error)) {
      const code = error instanceof WechatApiError ? String(error.errcode) : 'ERROR';
      return failTransfer(deps, id, code, detail);
    }
    await deps.sql
      .updateTable('red_packet_transfers')
      .set({
        last_error: detail.slice(0, 300),
        next_attempt_at: deps.now() + transferBackoffMs(claimed.attempts),
        updated_at: deps.now(),
      })
      .where('id', '=', id)
      .where('state', 'in', UNDER_WAY)
      .execute();
  }
}

/** Works through the transfers that are due (new, retried, or under way and due a query). Answers how many. */
export async function processDueTransfers(deps: TransferDeps, limit = 100, parallel = 8): Promise<number> {
  const due = await deps.sql
    .selectFrom('red_packet_transfers')
    .select('id')
    .where('state', 'in', UNDER_WAY)
    .where('next_attempt_at', '<=', deps.now())
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const queue = due.map((row) => row.id);
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) await attemptTransfer(deps, id);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  return due.length;
}

/**
 * Pays back to the sender every failed transfer not refunded yet: a partial refund of the packet's order, keyed by
 * the transfer (recorded first, so the refund worker retries it; asking twice refunds once). Answers how many.
 */
export async function refundFailedTransfers(deps: RefundDeps, limit = 50): Promise<number> {
  const sql: Sql = deps.sql;
  const due = await sql
    .selectFrom('red_packet_transfers as t')
    .innerJoin('orders as o', (join) =>
      join.onRef('o.ref_id', '=', 't.packet_id').on('o.kind', '=', 'redpack').on('o.status', '=', 1),
    )
    .select(['t.id', 't.out_bill_no', 't.amount_cents', 'o.order_sn'])
    .where('t.state', '=', 'failed')
    .where('t.refund_no', 'is', null)
    .limit(limit)
    .execute();
  for (const transfer of due) {
    const key = transferRefundKey(transfer.out_bill_no);
    try {
      await startRefund(deps, {
        orderSn: transfer.order_sn,
        amountCents: transfer.amount_cents,
        reason: 'red packet transfer failed',
        key,
      });
      await sql
        .updateTable('red_packet_transfers')
        .set({ refund_no: key, updated_at: deps.now() })
        .where('id', '=', transfer.id)
        .where('refund_no', 'is', null)
        .execute();
    } catch (error) {
      deps.log?.(
        `red-packet transfer ${transfer.out_bill_no}: refund not started: ${(error as Error).message}`,
      );
    }
  }
  return due.length;
}

/** Why a transfer failed, as its receiver reads it (WeChat's reason codes; anything else: the generic text). */
const FAIL_TEXTS: Record<string, LocalizedText> = {
  CANCELLED: {
    'zh-CN': '未在 24 小时内确认收款，已退回发红包的人',
    en: 'Not confirmed in WeChat within 24 hours: returned to the sender',
  },
  NO_WECHAT_ACCOUNT: {
    'zh-CN': '未在 24 小时内用微信登录领取，已退回发红包的人',
    en: 'Nobody logged in with WeChat to receive it within 24 hours: returned to the sender',
  },
  ACCOUNT_FROZEN: {
    'zh-CN': '你的微信支付账户被冻结，无法收款，已退回发红包的人',
    en: 'Your WeChat Pay account is frozen: returned to the sender',
  },
  REAL_NAME_CHECK_FAIL: {
    'zh-CN': '你的微信未实名认证，无法收款，已退回发红包的人',
    en: 'Your WeChat account has no verified real name: returned to the sender',
  },
  OPENID_INVALID: {
    'zh-CN': '无法识别你的微信账户，已退回发红包的人',
    en: 'Your WeChat account could not be identified: returned to the sender',
  },
  DAY_RECEIVED_QUOTA_EXCEED: {
    'zh-CN': '已超过你今天的收款额度，已退回发红包的人',
    en: 'Over your daily receiving limit: returned to the sender',
  },
  DAY_RECEIVED_COUNT_EXCEED: {
    'zh-CN': '已超过你今天的收款次数，已退回发红包的人',
    en: 'Over your daily number of receipts: returned to the sender',
  },
};
const FAIL_OTHER: LocalizedText = {
  'zh-CN': '转账到微信零钱失败，已退回发红包的人',
  en: 'The transfer to your WeChat balance failed: returned to the sender',
};

/** What the grabber sees of their share's transfer: its state, why it failed, and how to confirm it in WeChat. */
export type Payout = {
  state: TransferState;
  fail_reason: string | null;
  fail_message: string | null;
  confirm: { mch_id: string; app_id: string; package: string } | null;
  needs_wechat_login: boolean;
};

export async function payoutOf(
  sql: Sql,
  credentials: { mchId: string; appId: string },
  packetId: number,
  userId: number,
  locale: Locale,
): Promise<Payout | null> {
  const row = await sql
    .selectFrom('red_packet_transfers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.state', 't.fail_reason', 't.package_info', 'u.openid'])
    .where('t.packet_id', '=', packetId)
    .where('t.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    state: row.state,
    fail_reason: row.state === 'failed' ? row.fail_reason : null,
    fail_message:
      row.state === 'failed' ? localize(FAIL_TEXTS[row.fail_reason ?? ''] ?? FAIL_OTHER, locale) : null,
    confirm:
      row.state === 'wait_user_confirm' && row.package_info
        ? { mch_id: credentials.mchId, app_id: credentials.appId, package: row.package_info }
        : null,
    needs_wechat_login: row.state === 'pending' && !row.openid,
  };
}

/** Where a packet's grabbed shares stand, for its sender (cents): paid out, still under way, going back to them. */
export async function packetPayouts(
  sql: Sql,
  packetId: number,
): Promise<{ paid: number; under_way: number; returned: number }> {
  const rows = await sql
    .selectFrom('red_packet_transfers')
    .select(['state', (eb) => eb.fn.sum<string | number>('amount_cents').as('cents')])
    .where('packet_id', '=', packetId)
    .groupBy('state')
    .execute();
  const sum = (states: TransferState[]) =>
    rows.filter((row) => states.includes(row.state)).reduce((total, row) => total + Number(row.cents), 0);
  return { paid: sum(['success']), under_way: sum(UNDER_WAY), returned: sum(['failed']) };
}
