import type { Generated } from 'kysely';

/**
 * Viewers and how they prove who they are: accounts, sessions, texted and mailed codes, the slide check, and VIP
 * (migrations 001, 002, 007, 013 and 018). Times are unix milliseconds, money integer cents.
 */
export interface AccountTables {
  users: {
    id: Generated<number>;
    phone: string | null;
    email: string | null;
    openid: string | null;
    unionid: string | null;
    nickname: Generated<string>;
    avatar: Generated<string>;
    /** JSON array of permission names, answered with the account; grants nothing (roles: organisation_members). */
    permissions: Generated<string>;
    created_at: number;
  };
  /** Only the SHA-256 of a session's token is kept. */
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
    /** 'login' | 'bind' */
    purpose: string;
    code_hash: string;
    ip: string;
    created_at: number;
    expires_at: number;
    attempts: Generated<number>;
    used_at: number | null;
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
