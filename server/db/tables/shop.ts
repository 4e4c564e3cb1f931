import type { Generated } from 'kysely';

export type ShopOrderState = 'pending' | 'paid' | 'shipped' | 'completed' | 'cancelled' | 'refunded';

/**
 * The shop's tables (migration 014_shop.ts), and the first products table (004) that they replaced and nothing reads.
 * Times are unix seconds, money integer cents.
 */
export interface ShopTables {
  shop_products: {
    id: Generated<number>;
    event_token: string | null;
    contest_id: number | null;
    title: string;
    description: Generated<string>;
    /** JSON array of image URLs. */
    images: Generated<string>;
    price_cents: number;
    stock: number;
    /** 0: no limit. */
    limit_per_user: Generated<number>;
    /** 0: open from the start / to the end. */
    sale_starts_at: Generated<number>;
    sale_ends_at: Generated<number>;
    /** How long an unpaid order holds its stock. */
    pay_window_seconds: Generated<number>;
    position: Generated<number>;
  };
  shop_addresses: {
    id: Generated<number>;
    user_id: number;
    name: string;
    phone: string;
    province: string;
    city: string;
    district: string;
    detail: string;
    is_default: Generated<number>;
    deleted: Generated<number>;
    created_at: number;
  };
  shop_orders: {
    id: Generated<number>;
    order_sn: string;
    user_id: number;
    product_id: number;
    quantity: number;
    unit_price_cents: number;
    amount_cents: number;
    state: ShopOrderState;
    address_id: number | null;
    receiver: Generated<string>;
    receiver_phone: Generated<string>;
    address_text: Generated<string>;
    tracking_no: Generated<string>;
    idempotency_key: string;
    created_at: number;
    expires_at: number;
    paid_at: number | null;
    shipped_at: number | null;
    closed_at: number | null;
  };
  shop_purchases: { product_id: number; user_id: number; quantity: number };
  products: {
    id: Generated<number>;
    title: string;
    price_cents: number;
    stock: number;
    cover: Generated<string>;
  };
}
