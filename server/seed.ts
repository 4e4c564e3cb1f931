/**
 * Deterministic demo data (no clock, no randomness): screenshots and tests depend on it. Runs on first start, when
 * the events table is empty, and by `npm run seed`.
 */
import type { Db } from './db/database.ts';
import { seedVote } from './seed/vote.ts';
import { seedChat } from './seed/chat.ts';
import { seedAccess } from './seed/access.ts';
import { seedLiveRoom } from './seed/live-room.ts';

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

/** A seeded PRNG (mulberry32): the same demo data on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '晨',
  '欣怡',
  '子轩',
];

/** Contest players: deterministic names, teams, groups and votes; `count` players (320 in the demo, more for benches). */
export function seedPlayers(db: Db, contestId: number, count: number, seedValue = 7): void {
  const random = prng(seedValue);
  const teams = db
    .prepare<[number], { id: number }>('SELECT id FROM contest_teams WHERE contest_id = ? ORDER BY id')
    .all(contestId);
  const groups = db
    .prepare<[number], { id: number }>('SELECT id FROM contest_groups WHERE contest_id = ? ORDER BY id')
    .all(contestId);
  const insert = db.prepare(
    'INSERT INTO players (contest_id, number, name, team_id, group_id, photo, description, votes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (let number = 1; number <= count; number++) {
    const name =
      SURNAMES[Math.floor(random() * SURNAMES.length)] + GIVEN[Math.floor(random() * GIVEN.length)];
    insert.run(
      contestId,
      number,
      name,
      teams[number % teams.length]?.id ?? null,
      groups[number % groups.length]?.id ?? null,
      COVER,
      `${name}，${number} 号选手。`,
      Math.floor(random() * random() * 30000),
    );
  }
}

function seedActivities(db: Db): void {
  const demoEvent = (db.prepare("SELECT id FROM events WHERE token = 'demo'").get() as { id: number }).id;
  db.prepare(
    `INSERT INTO channels (id, token, owner_id, color_code, title, intro) VALUES (1, 'demo-channel', 1, 'red', '演示频道', '汇集本次活动的全部直播与回放。')`,
  ).run();
  ['直播', '回放', '花絮'].forEach((name, index) => {
    db.prepare('INSERT INTO channel_categories (id, channel_id, name, position) VALUES (?, 1, ?, ?)').run(
      index + 1,
      name,
      index,
    );
  });
  const events = db
    .prepare<[], { id: number; live_status: number }>('SELECT id, live_status FROM events ORDER BY id')
    .all();
  events.forEach((event, index) =>
    db
      .prepare('INSERT INTO channel_videos (channel_id, category_id, event_id, position) VALUES (1, ?, ?, ?)')
      .run(event.live_status === 2 ? 2 : 1, event.id, index),
  );

  db.prepare(
    `INSERT INTO contests (id, event_id, title, rules, starts_at, ends_at) VALUES (1, ?, '2026 年度人气之星评选', '每人每天 5 票，每位选手每天 1 票。', ?, ?)`,
  ).run(demoEvent, SEED_EPOCH, SEED_EPOCH + 365 * 86400);
  ['红队', '蓝队', '金队'].forEach((name, index) =>
    db.prepare('INSERT INTO contest_teams (id, contest_id, name) VALUES (?, 1, ?)').run(index + 1, name),
  );
  ['少年组', '青年组', '中年组', '老年组'].forEach((name, index) =>
    db.prepare('INSERT INTO contest_groups (id, contest_id, name) VALUES (?, 1, ?)').run(index + 1, name),
  );
  seedPlayers(db, 1, 320);

  db.prepare(
    `INSERT INTO lotteries (id, event_id, title, draws_per_user) VALUES (1, ?, '直播间幸运抽奖', 3)`,
  ).run(demoEvent);
  [
    ['一等奖：新品手机', 1, 1],
    ['二等奖：蓝牙耳机', 5, 5],
    ['三等奖：定制帆布包', 50, 30],
    ['谢谢参与', 100000, 964],
  ].forEach(([name, stock, weight], index) =>
    db
      .prepare('INSERT INTO lottery_prizes (id, lottery_id, name, stock, weight) VALUES (?, 1, ?, ?, ?)')
      .run(index + 1, name, stock, weight),
  );
  db.prepare(
    `INSERT INTO daily_bonuses (id, event_id, title, points_per_day, streak_bonus) VALUES (1, ?, '每日签到领积分', 10, 50)`,
  ).run(demoEvent);
  db.prepare(
    `INSERT INTO checkin_activities (id, title, starts_at, ends_at) VALUES (1, '峰会现场签到', ?, ?)`,
  ).run(SEED_EPOCH, SEED_EPOCH + 30 * 86400);
  ['嘉宾', '媒体', '观众'].forEach((name, index) =>
    db.prepare('INSERT INTO checkin_groups (id, activity_id, name) VALUES (?, 1, ?)').run(index + 1, name),
  );

  const random = prng(11);
  for (let i = 1; i <= 200; i++) {
    db.prepare('INSERT INTO score_records (exam, candidate_no, name, score) VALUES (?, ?, ?, ?)').run(
      '2026 春季测评',
      `2026${String(i).padStart(4, '0')}`,
      SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7) % GIVEN.length],
      40 + Math.floor(random() * 61),
    );
  }
  [
    ['纪念 T 恤', 9900, 200],
    ['保温杯', 12900, 150],
    ['帆布包', 5900, 300],
    ['笔记本套装', 3900, 500],
    ['定制徽章', 1900, 1000],
    ['签名海报', 2900, 80],
  ].forEach(([title, price, stock], index) =>
    db
      .prepare('INSERT INTO products (id, title, price_cents, stock, cover) VALUES (?, ?, ?, ?, ?)')
      .run(index + 1, title, price, stock, COVER),
  );
}

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
    seedActivities(db);
    seedVote(db, { seedPlayers, prng });
    seedChat(db);
    seedAccess(db);
    seedLiveRoom(db);
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
