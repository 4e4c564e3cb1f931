import type { Generated } from './core.ts';
import type { OrderKind } from './base/payments.ts';

export type RefundStatus = 'pending' | 'processing' | 'success' | 'failed' | 'closed';

/**
 * WeChat tables (migrations 017_wechat.ts, 025_wechat_oauth_states.ts and 027_wechat_oauth_browser.ts) and the columns of the legacy orders/users
 * tables the WeChat code reads.
 */
export interface WechatTables {
  wechat_prepays: { order_sn: string; trade_type: 'JSAPI' | 'H5'; prepay: string; created_at: number };
  wechat_notify_nonces: { nonce: string; received_at: number };
  wechat_refunds: {
    id: Generated<number>;
    out_refund_no: string;
    order_sn: string;
    amount_cents: number;
    reason: string;
    status: Generated<RefundStatus>;
    attempts: Generated<number>;
    next_attempt_at: number;
    refund_id: string | null;
    last_error: string | null;
    created_at: number;
    updated_at: number;
  };
  /**
   * The web login's OAuth states (migrations 025 and 027): where the callback returns, until when, when it was used,
   * and the SHA-256 of the nonce in the cookie of the browser that started the login.
   */
  wechat_oauth_states: {
    id: string;
    return_to: string;
    expires_at: number;
    used_at: number | null;
    browser_hash: string | null;
  };
  wechat_mini_codes: { cache_key: string; png_base64: string; created_at: number };
  orders: {
    id: Generated<number>;
    order_sn: string;
    user_id: number;
    /** The CHECK of orders.kind holds the same list. */
    kind: OrderKind;
    ref_id: number;
    amount_cents: number;
    status: Generated<0 | 1 | 2>;
    idempotency_key: string | null;
    prepay_id: string;
    transaction_id: string | null;
    created_at: number;
    paid_at: number | null;
  };
  users: {
    id: Generated<number>;
    openid: string | null;
    unionid: string | null;
    nickname: Generated<string>;
    avatar: Generated<string>;
    created_at: number;
  };
  /** Red packets (migration 008): status 3 = expired, refunded_cents = the unclaimed rest paid back. */
  red_packets: {
    id: Generated<number>;
    sender_id: number;
    status: Generated<number>;
    refunded_cents: Generated<number>;
  };
}
