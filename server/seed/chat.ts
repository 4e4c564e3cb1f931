/**
 * Chat demo content (deterministic, SEED_EPOCH based): the gift list, and `chat-demo`, an event whose chat only the
 * screenshots show (a few lines, a gift, a tip and a red packet). Browser tests that send, blacklist and grab use
 * `chat-e2e` (owned by its own organiser account, chat-owner@livev3.test, so its login never replaces another test's).
 */
import type { Db } from '../db/database.ts';

/** SEED_EPOCH of server/seed.ts (importing it from there would be an import cycle). */
const SEED_EPOCH = 1767225600;

const COVER = '/streams/vod/demo/cover.jpg';

export const GIFTS: [string, string, number][] = [
  ['鲜花', 'Flower', 10],
  ['点赞', 'Like', 100],
  ['咖啡', 'Coffee', 880],
  ['蛋糕', 'Cake', 1880],
  ['火箭', 'Rocket', 9900],
  ['游艇', 'Yacht', 52000],
];

const CHAT_VIEWERS = ['小林', '阿杰', 'Emma', '王老师', '晨晨'];

export function seedChat(db: Db): void {
  GIFTS.forEach(([zh, en, price], index) =>
    db
      .prepare('INSERT INTO gifts (id, name_zh, name_en, price_cents, position) VALUES (?, ?, ?, ?, ?)')
      .run(index + 1, zh, en, price, index),
  );
  const at = SEED_EPOCH * 1000;
  const owner = (email: string, nickname: string) =>
    Number(
      db
        .prepare('INSERT INTO users (email, nickname, permissions, created_at) VALUES (?, ?, ?, ?)')
        .run(email, nickname, '[]', SEED_EPOCH).lastInsertRowid,
    );
  const organiser = owner('chat-owner@livev3.test', '聊天主持人');
  const viewers = CHAT_VIEWERS.map((name, index) => owner(`chat-viewer-${index + 1}@livev3.test`, name));
  const insertEvent = db.prepare(
    `INSERT INTO events (token, owner_id, color_code, title, cover, description, live_status, start_time, views,
       live_stream, replay_stream) VALUES (?, ?, 'red', ?, ?, ?, 1, ?, ?, 'demo', 'demo')`,
  );
  const demoId = Number(
    insertEvent.run(
      'chat-demo',
      organiser,
      '互动直播间 · 聊天演示',
      COVER,
      '聊天室演示。',
      SEED_EPOCH,
      123456,
    ).lastInsertRowid,
  );
  insertEvent.run('chat-e2e', organiser, '聊天测试直播间', COVER, '浏览器测试专用。', SEED_EPOCH, 0);

  const line = db.prepare(
    `INSERT INTO chat_messages (event_id, user_id, kind, content, gift_name, gift_name_en, gift_count, amount_cents,
       packet_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  line.run(demoId, null, 'system', '欢迎来到直播间，请文明发言。', '', '', 0, 0, 0, at);
  line.run(demoId, viewers[0], 'text', '主持人好！已经准备好了', '', '', 0, 0, 0, at + 60_000);
  line.run(demoId, viewers[1], 'text', '画面很清楚，声音也很好', '', '', 0, 0, 0, at + 70_000);
  line.run(demoId, viewers[2], 'text', 'Hello from Shanghai! <b>not bold</b>', '', '', 0, 0, 0, at + 80_000);
  line.run(demoId, viewers[3], 'gift', '', '火箭', 'Rocket', 12000, 99_000, 0, at + 90_000);
  line.run(demoId, viewers[4], 'tip', '', '', '', 0, 666, 0, at + 100_000);

  // A red packet that everyone has grabbed: its state never changes, so screenshots stay stable.
  const packetId = Number(
    db
      .prepare(
        `INSERT INTO red_packets (event_id, sender_id, total_cents, share_count, greeting, status, created_at, paid_at,
           expires_at) VALUES (?, ?, 300, 3, '恭喜发财，大吉大利', 2, ?, ?, ?)`,
      )
      .run(demoId, organiser, at + 110_000, at + 110_000, at + 110_000 + 86_400_000).lastInsertRowid,
  );
  [120, 100, 80].forEach((cents, seq) =>
    db
      .prepare(
        'INSERT INTO red_packet_shares (packet_id, seq, amount_cents, user_id, grabbed_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(packetId, seq, cents, viewers[seq], at + 120_000 + seq * 1000),
  );
  line.run(demoId, organiser, 'redpack', '恭喜发财，大吉大利', '', '', 3, 300, packetId, at + 110_000);
  line.run(demoId, viewers[0], 'text', '谢谢红包！', '', '', 0, 0, 0, at + 130_000);
}
