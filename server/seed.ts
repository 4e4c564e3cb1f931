/**
 * Deterministic demo data (no clock, no randomness): screenshots and tests depend on it. Runs on first start, when
 * the events table is empty, and by `npm run seed`.
 */
import type { Db } from './db/database.ts';

/** Fixed reference time for seeded timestamps: 2026-01-01T00:00:00Z. */
export const SEED_EPOCH = 1767225600;

const COVER = '/streams/vod/demo/cover.jpg';

type DemoEvent = {
  token: string;
  title: string;
  color: string;
  status: 0 | 1 | 2;
  live: string;
  replay: string;
  password?: string;
  price?: number;
  infoForm?: boolean;
  announcement: string;
  description: string;
};

export const demoEvents: DemoEvent[] = [
  {
    token: 'demo',
    title: '2026 新品发布会 · 现场直播',
    color: 'red',
    status: 1,
    live: 'demo',
    replay: 'demo',
    announcement: '直播将于 19:30 开始抽奖，请留在直播间。',
    description:
      '欢迎来到 2026 新品发布会现场。\n本场直播将发布三款新品，并在直播中抽取幸运观众。\n\n互动：评论、点赞、送礼物都可以参与抽奖。',
  },
  {
    token: 'vod',
    title: '产品训练营（回放，共三集）',
    color: 'lightblue',
    status: 2,
    live: '',
    replay: 'demo',
    announcement: '',
    description: '三集课程带你从入门到精通。',
  },
  {
    token: 'secret',
    title: '内部分享会（需密码）',
    color: 'blackgold',
    status: 1,
    live: 'demo',
    replay: '',
    password: '1234',
    announcement: '',
    description: '仅限受邀观众观看。',
  },
  {
    token: 'paid',
    title: '大师课 · 付费直播',
    color: 'whitegold',
    status: 1,
    live: 'demo',
    replay: '',
    price: 100,
    announcement: '',
    description: '付费 1.00 元即可观看完整直播。',
  },
  {
    token: 'info',
    title: '行业峰会（需登记信息）',
    color: 'darkblue',
    status: 1,
    live: 'demo',
    replay: '',
    infoForm: true,
    announcement: '',
    description: '观看前请填写参会信息。',
  },
];

export function seed(db: Db): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO users (id, phone, nickname, permissions, created_at) VALUES (1, '13800000000', '主办方', '["owner","download"]', ?)`,
    ).run(SEED_EPOCH);
    const insert = db.prepare(
      `INSERT INTO events (token, owner_id, color_code, title, cover, description, announcement, live_status, start_time,
         views, live_stream, replay_stream, password, price_cents, needs_info_form)
       VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    demoEvents.forEach((event, index) =>
      insert.run(
        event.token,
        event.color,
        event.title,
        COVER,
        event.description,
        event.announcement,
        event.status,
        SEED_EPOCH + index * 3600,
        12345 + index * 1000,
        event.live,
        event.replay,
        event.password ?? '',
        event.price ?? 0,
        event.infoForm ? 1 : 0,
      ),
    );
  })();
}

export function seedIfEmpty(db: Db): boolean {
  const { count } = db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM events').get() ?? {
    count: 0,
  };
  if (count > 0) return false;
  seed(db);
  return true;
}
