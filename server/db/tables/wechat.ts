import type { Generated } from 'kysely';

/** What an order pays for; the CHECK of orders.kind holds the same list (migrations 003, 018). */
export type OrderKind = 'video' | 'reward' | 'redpack' | 'vote' | 'registration' | 'product' | 'vip';

export type RefundStatus = 'pending' | 'processing' | 'success' | 'failed' | 'closed';

/**
 * Payment orders (migration 003) and WeChat's tables: prepays, notification nonces, refunds (017_wechat.ts), the web
 * login's OAuth states (025, 027), mini-program codes and accounts, and the sandbox's one-time codes (007). Money
 * integer cents.
 */
export interface WechatTables {
  /** status: 0 unpaid, 1 paid, 2 closed. */
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
  wechat_mini_accounts: { openid: string; user_id: number; session_key: string; updated_at: number };
  wechat_sandbox_codes: {
    code: string;
    /** 'oauth' | 'mini' | 'phone' */
    kind: string;
    subject: string;
    expires_at: number;
    used_at: number | null;
  };
}
