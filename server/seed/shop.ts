/**
 * Shop demo data. Event `demo` and contest 1 carry the products screenshots show (nothing buys them); event
 * `shop-e2e` carries the products browser tests buy (product 22 holds an unpaid order for 12 seconds only, so a test
 * sees it expire). Viewer 7001 ("shop screenshots") has addresses and one order in each state for the my-orders
 * screens; 7002 buys in the H5 browser tests; 7003 is an operator of the demo organisation (it ships, reviews sign-ups
 * and downloads: server/seed/organisations.ts; its flat permission list is only what the account answer shows).
 * Outside production each of these has a fixed session token (`shop-screens-7001`, ...) that the screens and tests
 * pass as auth_token.
 */
import crypto from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import { art, ART, type ArtName } from './demo-art.ts';
import { SEED_EPOCH } from './epoch.ts';

const YEAR = 365 * 86400;

export const SHOP_SEED_USERS = {
  screens: { id: 7001, token: 'shop-screens-7001', nickname: '商城截图', permissions: [] as string[] },
  buyer: { id: 7002, token: 'shop-buyer-7002', nickname: '商城买家', permissions: [] as string[] },
  organiser: {
    id: 7003,
    token: 'shop-organiser-7003',
    nickname: '商城主办方',
    permissions: ['shop', 'download', 'vote_review'],
  },
};

const product = (
  id: number,
  scope: { event_token?: string; contest_id?: number },
  title: string,
  priceCents: number,
  stock: number,
  more: {
    limit?: number;
    starts?: number;
    ends?: number;
    window?: number;
    description?: string;
    /** The drawn pictures (server/seed/demo-art.ts), the list's first; the tests' products show a parcel. */
    images?: ArtName[];
  } = {},
) => ({
  id,
  event_token: scope.event_token ?? null,
  contest_id: scope.contest_id ?? null,
  title,
  description: more.description ?? '',
  images: JSON.stringify((more.images ?? [ART.parcel]).map(art)),
  price_cents: priceCents,
  stock,
  limit_per_user: more.limit ?? 0,
  sale_starts_at: more.starts ?? 0,
  sale_ends_at: more.ends ?? 0,
  pay_window_seconds: more.window ?? 1800,
  position: id,
});

export async function seedShop(sql: Sql): Promise<void> {
  const demo = { event_token: 'demo' };
  await sql
    .insertInto('shop_products')
    .values([
      product(1, demo, '发布会纪念 T 恤', 9900, 200, {
        limit: 2,
        images: [ART.tshirtFront, ART.tshirtBack, ART.tshirtFolded],
        description: '纯棉短袖，胸前印有发布会标志，尺码 S-XXL 随机发货。',
      }),
      product(2, demo, '定制保温杯', 12900, 150, {
        images: [ART.flask],
        description: '316 不锈钢内胆，保温 12 小时。',
      }),
      product(3, demo, '帆布包', 5900, 300, {
        images: [ART.tote],
        description: '加厚帆布，可装下 14 英寸笔记本。',
      }),
      product(4, demo, '签名海报', 2900, 0, { images: [ART.poster], description: '限量签名版，已售罄。' }),
      product(5, demo, '新品体验装', 19900, 50, {
        starts: SEED_EPOCH + 10 * YEAR,
        images: [ART.trialKit],
        description: '新品上市后开售。',
      }),
      product(11, { contest_id: 1 }, '人气之星应援礼包', 6600, 500, {
        limit: 5,
        images: [ART.cheerKit],
        description: '应援灯牌、手幅与贴纸各一份。',
      }),
      product(12, { contest_id: 1 }, '评选纪念徽章', 1900, 1000, {
        images: [ART.badge],
        description: '金属徽章，背面刻有届次。',
      }),
      product(21, { event_token: 'shop-e2e' }, '测试商品', 100, 100000, { limit: 0 }),
      product(22, { event_token: 'shop-e2e' }, '限时付款商品', 100, 1, { window: 12 }),
      product(23, { event_token: 'shop-e2e' }, '微信测试商品', 100, 100000),
    ])
    .execute();

  for (const user of Object.values(SHOP_SEED_USERS)) {
    await sql
      .insertInto('users')
      .values({
        id: user.id,
        phone: null,
        nickname: user.nickname,
        permissions: JSON.stringify(user.permissions),
        created_at: SEED_EPOCH * 1000,
      })
      .execute();
    if (process.env.NODE_ENV === 'production') continue;
    await sql
      .insertInto('sessions')
      .values({
        token_hash: crypto.createHash('sha256').update(user.token).digest('hex'),
        user_id: user.id,
        created_at: SEED_EPOCH * 1000,
        expires_at: (SEED_EPOCH + 20 * YEAR) * 1000,
      })
      .execute();
  }

  const viewer = SHOP_SEED_USERS.screens.id;
  const address = {
    user_id: viewer,
    name: '王小明',
    phone: '13912345678',
    province: '上海市',
    city: '市辖区',
    district: '浦东新区',
    detail: '世纪大道 100 号 8 楼',
    created_at: SEED_EPOCH,
  };
  await sql
    .insertInto('shop_addresses')
    .values([
      { ...address, id: 1, is_default: 1 },
      {
        ...address,
        id: 2,
        is_default: 0,
        name: '李华',
        phone: '13700001111',
        province: '广东省',
        city: '深圳市',
        district: '南山区',
        detail: '科技园南区 3 栋 201',
      },
    ])
    .execute();
  const receiver = {
    receiver: '王小明',
    receiver_phone: '13912345678',
    address_text: '上海市浦东新区世纪大道 100 号 8 楼',
  };
  const order = (
    id: number,
    productId: number,
    price: number,
    quantity: number,
    state: 'pending' | 'paid' | 'shipped' | 'completed' | 'cancelled',
    more: object = {},
  ) => ({
    id,
    order_sn: `2026010100000${id}`,
    user_id: viewer,
    product_id: productId,
    quantity,
    unit_price_cents: price,
    amount_cents: price * quantity,
    state,
    address_id: 1,
    ...receiver,
    idempotency_key: `seed-${id}`,
    tracking_no: '',
    shipped_at: null as number | null,
    closed_at: null as number | null,
    created_at: SEED_EPOCH + id * 3600,
    // Multi-row inserts name every column in every row (SQLite has no DEFAULT in VALUES).
    // The pending one stays payable: screenshots show it with its pay button.
    expires_at: state === 'pending' ? SEED_EPOCH + 20 * YEAR : SEED_EPOCH + id * 3600 + 1800,
    paid_at: ['paid', 'shipped', 'completed'].includes(state) ? SEED_EPOCH + id * 3600 + 60 : null,
    ...more,
  });
  await sql
    .insertInto('shop_orders')
    .values([
      order(1, 1, 9900, 1, 'completed', { tracking_no: 'SF1234567890', shipped_at: SEED_EPOCH + 86400 }),
      order(2, 2, 12900, 1, 'shipped', { tracking_no: 'YT9876543210', shipped_at: SEED_EPOCH + 2 * 86400 }),
      order(3, 3, 5900, 2, 'paid'),
      order(4, 1, 9900, 1, 'cancelled', { closed_at: SEED_EPOCH + 4 * 3600 + 1800 }),
      order(5, 2, 12900, 1, 'pending'),
    ])
    .execute();
  await sql
    .insertInto('shop_purchases')
    .values([
      { product_id: 1, user_id: viewer, quantity: 1 },
      { product_id: 2, user_id: viewer, quantity: 2 },
      { product_id: 3, user_id: viewer, quantity: 2 },
    ])
    .execute();
}
