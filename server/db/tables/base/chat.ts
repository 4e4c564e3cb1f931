import type { Generated } from '../core.ts';

export type ChatKind = 'text' | 'gift' | 'tip' | 'system' | 'redpack';

/** Chat, moderation, gifts, rewards and red packets (migration 008). Money integer cents. */
export interface ChatTables {
  chat_messages: {
    id: Generated<number>;
    event_id: number;
    user_id: number | null;
    kind: ChatKind;
    content: Generated<string>;
    gift_name: Generated<string>;
    gift_name_en: Generated<string>;
    gift_count: Generated<number>;
    amount_cents: Generated<number>;
    packet_id: Generated<number>;
    created_at: number;
  };
  chat_blacklist: { event_id: number; user_id: number; by_user_id: number; created_at: number };
  gifts: { id: Generated<number>; name_zh: string; name_en: string; price_cents: number; position: number };
  rewards: {
    id: Generated<number>;
    event_id: number;
    user_id: number;
    gift_id: number | null;
    gift_count: Generated<number>;
    amount_cents: number;
    status: Generated<number>;
    created_at: number;
    paid_at: number | null;
  };
  /** status: 0 awaiting payment, 1 open, 2 all shares grabbed, 3 expired. */
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
