import type { Generated } from './core.ts';

/**
 * Accounts: the tables of migration 013_accounts.ts (slide check, mailed codes, favourites, complaints, VIP), and
 * the legacy columns the account routes read (users, sessions, sms_codes, info_forms, event_access of 001/002).
 * Times are unix milliseconds, money integer cents.
 */
export interface AccountTables {
  users: {
    id: Generated<number>;
    phone: string | null;
    email: string | null;
    openid: string | null;
    nickname: Generated<string>;
    avatar: Generated<string>;
    permissions: Generated<string>;
    created_at: number;
  };
  sessions: {
    token_hash: string;
    user_id: number;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
  };
  sms_codes: {
    id: Generated<number>;
    phone: string;
    purpose: string;
    code_hash: string;
    ip: string;
    created_at: number;
    expires_at: number;
    attempts: Generated<number>;
    used_at: number | null;
  };
  info_forms: {
    event_id: number;
    user_id: number;
    name: string;
    phone: string;
    company: string;
    position: Generated<string>;
    remark: Generated<string>;
    agreement: Generated<number>;
    created_at: number;
  };
  event_access: { event_id: number; user_id: number; gate: string; created_at: number };
  /** Columns of other domains' tables that favourites and complaints look up, declared as their owners do. */
  players: { id: Generated<number>; contest_id: number; name: string; photo: Generated<string> };
  chat_messages: { id: Generated<number>; event_id: number };
  /** One slide check: issued for a phone, solved once into a short-lived ticket that one SMS send consumes. */
  slide_challenges: {
    id: string;
    phone: string;
    ip: string;
    created_at: number;
    expires_at: number;
    solved_at: number | null;
    ticket_hash: string | null;
    ticket_expires_at: number | null;
    ticket_used_at: number | null;
  };
  /** Mailed one-time codes proving an e-mail address (only the hash is kept). */
  email_codes: {
    id: Generated<number>;
    email: string;
    code_hash: string;
    ip: string;
    created_at: number;
    expires_at: number;
    attempts: Generated<number>;
    used_at: number | null;
  };
  favourites: {
    id: Generated<number>;
    user_id: number;
    /** 'video' | 'player' */
    kind: string;
    /** The event token (video) or `<contest id>:<player id>` (player). */
    target: string;
    title: Generated<string>;
    cover: Generated<string>;
    created_at: number;
  };
  complaint_reports: {
    id: Generated<number>;
    user_id: number;
    /** 'video' | 'player' | 'chat' */
    target_kind: string;
    target: string;
    reason: string;
    content: Generated<string>;
    /** JSON array of uploaded image URLs. */
    images: Generated<string>;
    /** China Standard Time day number: one complaint per target per viewer per day. */
    day: number;
    created_at: number;
  };
  vip_plans: {
    id: Generated<number>;
    name_zh: string;
    name_en: string;
    price_cents: number;
    days: number;
    /** JSON { "zh-CN": string[], "en": string[] }. */
    benefits: Generated<string>;
    position: Generated<number>;
  };
  vip_memberships: { user_id: number; expires_at: number; updated_at: number };
  /** One row per VIP order: the membership is extended once per paid order. */
  vip_orders: { order_sn: string; user_id: number; plan_id: number; days: number; applied_at: number | null };
}
