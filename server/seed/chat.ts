/**
 * Chat demo content (deterministic, SEED_EPOCH based): the gift list, and `chat-demo`, an event whose chat only the
 * screenshots show (a few lines, a gift, a tip and a red packet), and `chat-pinned`, a room with a pinned announcement
 * (its screenshot too). Browser tests that send, blacklist and grab use
 * `chat-e2e` (owned by its own organiser account, chat-owner@livev3.test, so its login never replaces another test's).
 */
import type { Sql } from '../db/sql.ts';
import { SEED_EPOCH } from './epoch.ts';

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

/** The announcement pinned in `chat-pinned`'s room. */
export const CHAT_PINNED = '今晚 20:00 抽奖，留言即可参与。请文明发言，广告将被删除。';

type Line = {
  user_id: number | null;
  kind: 'text' | 'gift' | 'tip' | 'system' | 'redpack';
  content?: string;
  gift_name?: string;
  gift_name_en?: string;
  gift_count?: number;
  amount_cents?: number;
  packet_id?: number;
  created_at: number;
};

export async function seedChat(sql: Sql): Promise<void> {
  await sql
    .insertInto('gifts')
    .values(
      GIFTS.map(([zh, en, price], index) => ({
        id: index + 1,
        name_zh: zh,
        name_en: en,
        price_cents: price,
        position: index,
      })),
    )
    .execute();
  const at = SEED_EPOCH * 1000;
  const owner = async (email: string, nickname: string) =>
    (
      await sql
        .insertInto('users')
        .values({ email, nickname, permissions: '[]', created_at: SEED_EPOCH })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const organiser = await owner('chat-owner@livev3.test', '聊天主持人');
  // The organisation's operator (server/seed/organisations.ts): the moderation browser test's own login, so that its
  // code and session never meet the chat test's organiser login (a code a minute per address, one session a login).
  await owner('chat-moderator@livev3.test', '聊天管理员');
  const viewers: number[] = [];
  for (const [index, name] of CHAT_VIEWERS.entries())
    viewers.push(await owner(`chat-viewer-${index + 1}@livev3.test`, name));
  const event = async (token: string, title: string, description: string, views: number) =>
    (
      await sql
        .insertInto('events')
        .values({
          token,
          owner_id: organiser,
          color_code: 'red',
          title,
          cover: COVER,
          description,
          live_status: 1,
          start_time: SEED_EPOCH,
          views,
          live_stream: 'demo',
          replay_stream: 'demo',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const demoId = await event('chat-demo', '互动直播间 · 聊天演示', '聊天室演示。', 123456);
  await event('chat-e2e', '聊天测试直播间', '浏览器测试专用。', 0);

  const lines = (rows: Line[], eventId = demoId) =>
    sql
      .insertInto('chat_messages')
      // Every row names every column: SQLite has no DEFAULT inside a multi-row VALUES list.
      .values(
        rows.map((row) => ({
          event_id: eventId,
          content: '',
          gift_name: '',
          gift_name_en: '',
          gift_count: 0,
          amount_cents: 0,
          packet_id: 0,
          ...row,
        })),
      )
      .execute();
  await lines([
    { user_id: null, kind: 'system', content: '欢迎来到直播间，请文明发言。', created_at: at },
    { user_id: viewers[0], kind: 'text', content: '主持人好！已经准备好了', created_at: at + 60_000 },
    { user_id: viewers[1], kind: 'text', content: '画面很清楚，声音也很好', created_at: at + 70_000 },
    {
      user_id: viewers[2],
      kind: 'text',
      content: 'Hello from Shanghai! <b>not bold</b>',
      created_at: at + 80_000,
    },
    {
      user_id: viewers[3],
      kind: 'gift',
      gift_name: '火箭',
      gift_name_en: 'Rocket',
      gift_count: 12000,
      amount_cents: 99_000,
      created_at: at + 90_000,
    },
    { user_id: viewers[4], kind: 'tip', amount_cents: 666, created_at: at + 100_000 },
  ]);

  // `chat-pinned`: a room with the organiser's pinned announcement above its lines (its own screenshot).
  const pinnedId = await event('chat-pinned', '互动直播间 · 置顶公告', '置顶公告演示。', 2345);
  await sql
    .insertInto('chat_rooms')
    .values({ event_id: pinnedId, pinned: CHAT_PINNED, pinned_at: at, updated_at: at })
    .execute();
  await lines(
    [
      { user_id: null, kind: 'system', content: '欢迎来到直播间，请文明发言。', created_at: at },
      { user_id: viewers[0], kind: 'text', content: '几点开始抽奖？', created_at: at + 60_000 },
      { user_id: viewers[1], kind: 'text', content: '看到置顶了，八点见', created_at: at + 70_000 },
    ],
    pinnedId,
  );

  // A red packet that everyone has grabbed: its state never changes, so screenshots stay stable.
  const { id: packetId } = await sql
    .insertInto('red_packets')
    .values({
      event_id: demoId,
      sender_id: organiser,
      total_cents: 300,
      share_count: 3,
      greeting: '恭喜发财，大吉大利',
      status: 2,
      created_at: at + 110_000,
      paid_at: at + 110_000,
      expires_at: at + 110_000 + 86_400_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql
    .insertInto('red_packet_shares')
    .values(
      [120, 100, 80].map((cents, seq) => ({
        packet_id: packetId,
        seq,
        amount_cents: cents,
        user_id: viewers[seq],
        grabbed_at: at + 120_000 + seq * 1000,
      })),
    )
    .execute();
  await lines([
    {
      user_id: organiser,
      kind: 'redpack',
      content: '恭喜发财，大吉大利',
      gift_count: 3,
      amount_cents: 300,
      packet_id: packetId,
      created_at: at + 110_000,
    },
    { user_id: viewers[0], kind: 'text', content: '谢谢红包！', created_at: at + 130_000 },
  ]);
}
