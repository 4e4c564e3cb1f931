import type { Generated } from '../core.ts';

/** What an order pays for; the CHECK of orders.kind holds the same list (migrations 003, 018). */
export type OrderKind = 'video' | 'reward' | 'redpack' | 'vote' | 'registration' | 'product' | 'vip';

/** WeChat Pay orders (migration 003). status: 0 unpaid, 1 paid, 2 closed. */
export interface PaymentTables {
  orders: {
    id: Generated<number>;
    order_sn: string;
    user_id: number;
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
}
