import type { Generated } from 'kysely';

export type ChatKind = 'text' | 'gift' | 'tip' | 'system' | 'redpack';

/** Chat lines, moderation, gifts and rewards (migration 008). Times are unix milliseconds, money integer cents. */
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
    /** The red packet a 'redpack' line announces; 0 otherwise. */
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
}
