import type { Generated } from 'kysely';

/** Red packets and their shares (migration 008). Times are unix milliseconds, money integer cents. */
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
}
