/**
 * Account demo data: the VIP plans, and viewer 7401 ("account screens") that the account screenshots show: a bound
 * phone, an e-mail, saved videos and players, an information form for `info`, a membership. Nothing changes it;
 * browser tests that change data use accounts of their own. Outside production it has a fixed session token
 * (`account-screens-7401`) that screens pass as auth_token. Timestamps are SEED_EPOCH based.
 */
import crypto from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import { SEED_EPOCH } from './epoch.ts';

/** SEED_EPOCH in milliseconds. */
const EPOCH_MS = SEED_EPOCH * 1000;
const DAY_MS = 86_400_000;

export const ACCOUNT_SCREENS_USER = { id: 7401, token: 'account-screens-7401' };

/**
 * Every plan lists only what the server gives members: free access to paid live events (the event's gate,
 * server/events/routes.ts). A benefit goes on a plan once the server enforces it.
 */
const MEMBER_BENEFITS = { 'zh-CN': ['付费直播免费看'], en: ['Paid live events free'] };

const PLANS = [
  { id: 1, name_zh: '月度会员', name_en: 'Monthly', price_cents: 1800, days: 30, benefits: MEMBER_BENEFITS },
  {
    id: 2,
    name_zh: '季度会员',
    name_en: 'Quarterly',
    price_cents: 4800,
    days: 90,
    benefits: MEMBER_BENEFITS,
  },
  { id: 3, name_zh: '年度会员', name_en: 'Yearly', price_cents: 16800, days: 365, benefits: MEMBER_BENEFITS },
];

export async function seedAccounts(sql: Sql): Promise<void> {
  await sql
    .insertInto('vip_plans')
    .values(PLANS.map((plan, position) => ({ ...plan, benefits: JSON.stringify(plan.benefits), position })))
    .execute();

  const user = ACCOUNT_SCREENS_USER;
  await sql
    .insertInto('users')
    .values({
      id: user.id,
      phone: '13800138000',
      email: 'screens@account.livev3.test',
      nickname: '账号截图',
      created_at: EPOCH_MS,
    })
    .execute();
  if (process.env.NODE_ENV !== 'production')
    await sql
      .insertInto('sessions')
      .values({
        token_hash: crypto.createHash('sha256').update(user.token).digest('hex'),
        user_id: user.id,
        created_at: EPOCH_MS,
        // Screens run at a frozen clock; the token lives for years of real time too.
        expires_at: EPOCH_MS + 3650 * DAY_MS,
        revoked_at: null,
      })
      .execute();
  await sql
    .insertInto('vip_memberships')
    .values({ user_id: user.id, expires_at: EPOCH_MS + 3650 * DAY_MS, updated_at: EPOCH_MS })
    .execute();
  const saved = [
    {
      kind: 'video',
      target: 'demo',
      title: '2026 新品发布会 · 现场直播',
      cover: '/streams/vod/demo/cover.jpg',
    },
    {
      kind: 'video',
      target: 'vod',
      title: '产品训练营（回放，共三集）',
      cover: '/streams/vod/demo/cover.jpg',
    },
    { kind: 'player', target: '1:1', title: '选手 1', cover: '/streams/vod/demo/cover.jpg' },
  ];
  // The information form of the `info` event, so the information page shows it prefilled.
  const info = await sql
    .selectFrom('events')
    .select('id')
    .where('token', '=', 'info')
    .executeTakeFirstOrThrow();
  await sql
    .insertInto('info_forms')
    .values({
      event_id: info.id,
      user_id: user.id,
      name: '李华',
      phone: '+86 13800138000',
      company: '示例科技有限公司',
      position: '市场经理',
      remark: '希望了解会员方案',
      agreement: 1,
      created_at: EPOCH_MS,
    })
    .execute();
  await sql
    .insertInto('favourites')
    .values(saved.map((item, index) => ({ ...item, user_id: user.id, created_at: EPOCH_MS + index * 1000 })))
    .execute();
}
