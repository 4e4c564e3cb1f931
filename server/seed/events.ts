/**
 * The demo's first rows: the organiser (user 1), the five demo events (demo, vod, secret with password 1234, paid at
 * 1.00, info with its information form), the demo channel, contest 1 with its 320 players (what screenshots show),
 * and the first lottery, products, score records, daily bonuses and check-in groups. server/seed/demo.ts runs it first.
 */
import type { Sql } from '../db/sql.ts';
import { art, ART, GIVEN, playerPhoto, SURNAMES, type ArtName } from './demo-art.ts';
import { DEMO_OPEN_S, prng, SEED_EPOCH } from './epoch.ts';

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

/** Contest players: deterministic names, teams, groups and votes; `count` players (320 in the demo, more for benches). */
export async function seedPlayers(sql: Sql, contestId: number, count: number, seedValue = 7): Promise<void> {
  const random = prng(seedValue);
  const idsOf = (table: 'contest_teams' | 'contest_groups') =>
    sql.selectFrom(table).select('id').where('contest_id', '=', contestId).orderBy('id').execute();
  const teams = await idsOf('contest_teams');
  const groups = await idsOf('contest_groups');
  const rows = [];
  for (let number = 1; number <= count; number++) {
    const name =
      SURNAMES[Math.floor(random() * SURNAMES.length)] + GIVEN[Math.floor(random() * GIVEN.length)];
    rows.push({
      contest_id: contestId,
      number,
      name,
      team_id: teams[number % teams.length]?.id ?? null,
      group_id: groups[number % groups.length]?.id ?? null,
      photo: playerPhoto(name),
      description: `${name}，${number} 号选手。`,
      votes: Math.floor(random() * random() * 30000),
    });
  }
  // A few thousand rows per statement: within both engines' limits on bound values.
  for (let at = 0; at < rows.length; at += 2000)
    await sql
      .insertInto('players')
      .values(rows.slice(at, at + 2000))
      .execute();
}

async function seedActivities(sql: Sql): Promise<void> {
  const { id: demoEvent } = await sql
    .selectFrom('events')
    .select('id')
    .where('token', '=', 'demo')
    .executeTakeFirstOrThrow();
  await sql
    .insertInto('channels')
    .values({
      id: 1,
      token: 'demo-channel',
      owner_id: 1,
      color_code: 'red',
      title: '演示频道',
      intro: '汇集本次活动的全部直播与回放。',
    })
    .execute();
  await sql
    .insertInto('channel_categories')
    .values(
      ['直播', '回放', '花絮'].map((name, index) => ({
        id: index + 1,
        channel_id: 1,
        name,
        position: index,
      })),
    )
    .execute();
  const events = await sql.selectFrom('events').select(['id', 'live_status']).orderBy('id').execute();
  await sql
    .insertInto('channel_videos')
    .values(
      events.map((event, index) => ({
        channel_id: 1,
        category_id: event.live_status === 2 ? 2 : 1,
        event_id: event.id,
        position: index,
      })),
    )
    .execute();

  await sql
    .insertInto('contests')
    .values({
      id: 1,
      event_id: demoEvent,
      title: '2026 年度人气之星评选',
      rules: '每人每天 5 票，每位选手每天 1 票。',
      starts_at: SEED_EPOCH,
      ends_at: SEED_EPOCH + DEMO_OPEN_S,
    })
    .execute();
  await sql
    .insertInto('contest_teams')
    .values(['红队', '蓝队', '金队'].map((name, index) => ({ id: index + 1, contest_id: 1, name })))
    .execute();
  await sql
    .insertInto('contest_groups')
    .values(
      ['少年组', '青年组', '中年组', '老年组'].map((name, index) => ({ id: index + 1, contest_id: 1, name })),
    )
    .execute();
  await seedPlayers(sql, 1, 320);

  await sql
    .insertInto('lotteries')
    .values({ id: 1, event_id: demoEvent, title: '直播间幸运抽奖', draws_per_user: 3 })
    .execute();
  const prizes: [string, number, number][] = [
    ['一等奖：新品手机', 1, 1],
    ['二等奖：蓝牙耳机', 5, 5],
    ['三等奖：定制帆布包', 50, 30],
    ['谢谢参与', 100000, 964],
  ];
  await sql
    .insertInto('lottery_prizes')
    .values(
      prizes.map(([name, stock, weight], index) => ({ id: index + 1, lottery_id: 1, name, stock, weight })),
    )
    .execute();
  await sql
    .insertInto('daily_bonuses')
    .values({ id: 1, event_id: demoEvent, title: '每日签到领积分', points_per_day: 10, streak_bonus: 50 })
    .execute();
  await sql
    .insertInto('checkin_activities')
    .values({ id: 1, title: '峰会现场签到', starts_at: SEED_EPOCH, ends_at: SEED_EPOCH + DEMO_OPEN_S })
    .execute();
  await sql
    .insertInto('checkin_groups')
    .values(['嘉宾', '媒体', '观众'].map((name, index) => ({ id: index + 1, activity_id: 1, name })))
    .execute();

  const random = prng(11);
  await sql
    .insertInto('score_records')
    .values(
      Array.from({ length: 200 }, (_, index) => {
        const i = index + 1;
        return {
          exam: '2026 春季测评',
          candidate_no: `2026${String(i).padStart(4, '0')}`,
          name: SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7) % GIVEN.length],
          score: 40 + Math.floor(random() * 61),
        };
      }),
    )
    .execute();
  const products: [string, number, number, ArtName][] = [
    ['纪念 T 恤', 9900, 200, ART.tshirtFront],
    ['保温杯', 12900, 150, ART.flask],
    ['帆布包', 5900, 300, ART.tote],
    ['笔记本套装', 3900, 500, ART.notebooks],
    ['定制徽章', 1900, 1000, ART.badge],
    ['签名海报', 2900, 80, ART.poster],
  ];
  await sql
    .insertInto('products')
    .values(
      products.map(([title, price, stock, picture], index) => ({
        id: index + 1,
        title,
        price_cents: price,
        stock,
        cover: art(picture),
      })),
    )
    .execute();
}

/** The organiser, the demo events and what server/seed/demo.ts seeds with them (see above). */
export async function seedEvents(sql: Sql): Promise<void> {
  await sql
    .insertInto('users')
    .values({
      id: 1,
      phone: '13800000000',
      nickname: '主办方',
      permissions: '["owner","download"]',
      created_at: SEED_EPOCH,
    })
    .execute();
  await sql
    .insertInto('events')
    .values(
      demoEvents.map((event, index) => ({
        token: event.token,
        owner_id: 1,
        color_code: event.color,
        title: event.title,
        cover: COVER,
        description: event.description,
        announcement: event.announcement,
        live_status: event.status,
        start_time: SEED_EPOCH + index * 3600,
        views: 0,
        live_stream: event.live,
        replay_stream: event.replay,
        password: event.password ?? '',
        price_cents: event.price ?? 0,
        needs_info_form: event.infoForm ? 1 : 0,
      })),
    )
    .execute();
  await seedActivities(sql);
}
