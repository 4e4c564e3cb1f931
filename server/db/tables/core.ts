import type { Generated } from 'kysely';

/**
 * Viewers, sessions, events and the gates a viewer passed (migrations 001, 007_wechat_accounts, 010). Times are unix
 * milliseconds unless a name says otherwise, money integer cents, flags 0/1 integers.
 */
export interface CoreTables {
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
  sessions: {
    token_hash: string;
    user_id: number;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
  };
  events: {
    id: Generated<number>;
    token: string;
    owner_id: number;
    color_code: Generated<string>;
    title: string;
    cover: Generated<string>;
    description: Generated<string>;
    announcement: Generated<string>;
    /** 0 not started, 1 live, 2 replay. */
    live_status: Generated<0 | 1 | 2>;
    start_time: Generated<number>;
    views: Generated<number>;
    live_stream: Generated<string>;
    replay_stream: Generated<string>;
    password: Generated<string>;
    price_cents: Generated<number>;
    needs_info_form: Generated<number>;
    needs_phone: Generated<number>;
  };
  event_access: {
    event_id: number;
    user_id: number;
    /** 'password' | 'paid' | 'info_form' */
    gate: string;
    created_at: number;
  };
}

/** Re-exported so domain table files import kysely's column helpers from one place. */
export type { Generated };
