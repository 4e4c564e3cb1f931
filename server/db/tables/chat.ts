import type { Generated } from 'kysely';

export type ChatKind = 'text' | 'gift' | 'tip' | 'system' | 'redpack';

/** A line's state (migration 033): shown; waiting for approval (pre-review); rejected; deleted by a moderator. */
export type ChatStatus = 'shown' | 'waiting' | 'rejected' | 'deleted';

/** What a moderator did (chat_moderation_log.action). */
export type ModerationAction =
  | 'delete'
  | 'mute'
  | 'unmute'
  | 'mute_all'
  | 'unmute_all'
  | 'pin'
  | 'unpin'
  | 'words'
  | 'review_on'
  | 'review_off'
  | 'approve'
  | 'reject';

/** Chat lines, moderation, gifts and rewards (migrations 008, 033). Times are unix milliseconds, money integer cents. */
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
    status: Generated<ChatStatus>;
    created_at: number;
  };
  /** An event's chat settings (migration 033); an event without a row has the defaults (all off, no words). */
  chat_rooms: {
    event_id: number;
    muted: Generated<number>;
    pre_review: Generated<number>;
    pinned: Generated<string>;
    pinned_at: Generated<number>;
    /** JSON array of strings. */
    words: Generated<string>;
    updated_at: number;
  };
  /** Every moderation action: who (by_user_id), when, what (action, the viewer or line it acted on, detail). */
  chat_moderation_log: {
    id: Generated<number>;
    event_id: number;
    by_user_id: number;
    action: ModerationAction;
    target_user_id: number | null;
    message_id: number | null;
    detail: Generated<string>;
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
