import type { Generated } from 'kysely';

/**
 * Red packets, their shares (migration 008) and the shares' payouts (031). Times are unix milliseconds, money integer
 * cents.
 */
export interface RedPacketTables {
  /** status: 0 awaiting payment, 1 open, 2 all shares grabbed, 3 expired (refunded_cents: the unclaimed rest paid back). */
  red_packets: {
    id: Generated<number>;
    event_id: number;
    sender_id: number;
    total_cents: number;
    share_count: number;
    greeting: Generated<string>;
    status: Generated<number>;
    created_at: number;
    paid_at: number | null;
    expires_at: number | null;
    refunded_cents: Generated<number>;
    refunded_at: number | null;
  };
  red_packet_shares: {
    packet_id: number;
    seq: number;
    amount_cents: number;
    user_id: number | null;
    grabbed_at: number | null;
  };
  /**
   * One WeChat Pay merchant transfer per grabbed share (server/red-packets/transfers.ts). state: pending (not yet
   * accepted by WeChat, or retried after a transient failure), processing, wait_user_confirm (the grabber must confirm
   * in WeChat with `package_info`), success, failed (`fail_reason`; the share is refunded to the sender as `refund_no`).
   */
  red_packet_transfers: {
    id: Generated<number>;
    packet_id: number;
    seq: number;
    user_id: number;
    amount_cents: number;
    out_bill_no: string;
    state: Generated<TransferState>;
    /** WeChat's own state of the bill (ACCEPTED, WAIT_USER_CONFIRM, TRANSFERING, SUCCESS, FAIL, CANCELLED...). */
    wechat_state: string | null;
    package_info: string | null;
    transfer_bill_no: string | null;
    fail_reason: string | null;
    last_error: string | null;
    attempts: Generated<number>;
    next_attempt_at: number;
    refund_no: string | null;
    created_at: number;
    updated_at: number;
  };
}

export const TRANSFER_STATES = ['pending', 'processing', 'wait_user_confirm', 'success', 'failed'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
