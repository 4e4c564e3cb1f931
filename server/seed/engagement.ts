/**
 * Engagement demo data. Screenshots show lottery 1, daily bonus 1, the check-in activities of event `demo` and score
 * table 1, and nothing changes them; browser tests draw in lottery 2 (every draw wins) and lottery 3 (every draw wins
 * 100 points), claim bonus 2, check in to event `checkin-e2e` and query score table 1 (queries change nothing).
 * Lottery 90 is the bench's. The tests' and the bench's lotteries and bonus belong to event `engage-e2e`, so the demo
 * event lists (eventActivities) only what a viewer of it should see. Time windows run from a year before SEED_EPOCH to twenty years after it, so they are
 * open whatever today's date. Viewer 7101 is the demo organisation's check-in staff (server/seed/organisations.ts;
 * outside production its session token is `engage-staff-7101`).
 */
import crypto from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import { matchKey, type ScoreColumn, type ScoreField } from '../engagement/score.ts';
import { art, ART, type ArtName } from './demo-art.ts';
import { SEED_EPOCH } from './epoch.ts';

const YEAR = 365 * 86400;
const OPEN = { starts_at: SEED_EPOCH - YEAR, ends_at: SEED_EPOCH + 20 * YEAR };

export const ENGAGE_SEED = {
  screensLottery: 1,
  e2eLottery: 2,
  pointsLottery: 3,
  benchLottery: 90,
  screensBonus: 1,
  e2eBonus: 2,
  scoreTable: 1,
  staff: { id: 7101, token: 'engage-staff-7101' },
};

/** The event of the browser tests' and the bench's lotteries and bonus (server/seed/organisations.ts seeds it). */
const TEST_EVENT = 'engage-e2e';

const lottery = (
  id: number,
  [title, titleEn]: [string, string],
  more: { limit?: number; period?: 'day' | 'total'; thanks?: number },
) => ({
  id,
  event_token: id === ENGAGE_SEED.screensLottery ? 'demo' : TEST_EVENT,
  title,
  title_en: titleEn,
  rules:
    '1. 活动期间每位观众每天可抽奖 3 次。\n2. 中奖后请在“我的奖品”中填写收货信息，奖品将在活动结束后 15 个工作日内寄出。\n3. 虚拟奖品将直接发放到您的账户。\n4. 如有疑问请联系主办方客服。',
  rules_en:
    '1. Each viewer may draw 3 times a day while the lottery runs.\n2. Winners of goods give their delivery details in "My prizes"; prizes are sent within 15 working days after the lottery ends.\n3. Points and coupons go straight to your account.\n4. For any question, please contact the organiser.',
  ...OPEN,
  draw_limit: more.limit ?? 3,
  draw_period: more.period ?? 'day',
  requirement: 'none' as const,
  requirement_value: 0,
  thanks_weight: more.thanks ?? 0,
  time_zone: 'Asia/Shanghai',
});

async function seedLotteries(sql: Sql): Promise<void> {
  await sql
    .insertInto('engage_lotteries')
    .values([
      lottery(1, ['直播间幸运大转盘', 'Live room prize wheel'], { thanks: 200 }),
      lottery(2, ['幸运抽奖（测试）', 'Lucky draw (test)'], { limit: 20, period: 'total' }),
      lottery(3, ['积分抽奖（测试）', 'Points draw (test)'], { limit: 20, period: 'total' }),
      lottery(90, ['压测抽奖', 'Load test draw'], { limit: 1_000_000, period: 'total', thanks: 100 }),
    ])
    .execute();
  // Goods are delivered; points go to the points balance of the event, a coupon (value in cents) to the account.
  // Each with its drawn picture (server/seed/demo-art.ts).
  const prizes: [[string, string], ArtName, number, number, ('points' | 'coupon')?, number?][] = [
    [['新品手机', 'New phone'], ART.phone, 1, 1],
    [['蓝牙耳机', 'Bluetooth earphones'], ART.earphones, 5, 5],
    [['品牌充电宝', 'Power bank'], ART.powerBank, 10, 10],
    [['定制保温杯', 'Custom flask'], ART.flask, 20, 20],
    [['100 积分', '100 points'], ART.points, 100, 50, 'points', 100],
    [['50 元优惠券', '¥50 coupon'], ART.coupon, 50, 30, 'coupon', 5000],
    [['帆布袋', 'Tote bag'], ART.tote, 30, 20],
  ];
  await sql
    .insertInto('engage_lottery_prizes')
    .values([
      ...prizes.map(
        ([[name, nameEn], picture, stock, weight, reward = 'goods' as const, amount = 0], index) => ({
          id: index + 1,
          lottery_id: 1,
          position: index,
          name,
          name_en: nameEn,
          image: art(picture),
          stock,
          weight,
          reward,
          reward_amount: amount,
        }),
      ),
      ...(
        [
          ['A', ART.giftA],
          ['B', ART.giftB],
          ['C', ART.giftC],
          ['D', ART.giftD],
        ] as const
      ).map(([letter, picture], index) => ({
        id: 11 + index,
        lottery_id: 2,
        position: index,
        name: `测试奖品 ${letter}`,
        name_en: `Test prize ${letter}`,
        image: art(picture),
        stock: 100_000,
        weight: 1,
        reward: 'goods' as const,
        reward_amount: 0,
      })),
      // Lottery 3: every draw wins 100 points (browser tests of a prize credited on winning).
      {
        id: 21,
        lottery_id: 3,
        position: 0,
        name: '100 积分',
        name_en: '100 points',
        image: art(ART.points),
        stock: 1_000_000,
        weight: 1,
        reward: 'points' as const,
        reward_amount: 100,
      },
      {
        id: 90,
        lottery_id: 90,
        position: 0,
        name: '压测奖品',
        name_en: 'Load test prize',
        image: art(ART.giftA),
        stock: 1_000_000,
        weight: 1,
        reward: 'goods' as const,
        reward_amount: 0,
      },
    ])
    .execute();
  // Earlier winners of lottery 1 for the marquee (viewers who are not accounts here: their delivery names show).
  const winners: [string, string, number][] = [
    ['张伟', '13812345678', 3],
    ['李娜', '13987654321', 5],
    ['王芳', '15011112222', 4],
    ['刘洋', '18633334444', 6],
    ['陈静', '17755556666', 7],
    ['欧阳晓明', '13566667777', 2],
  ];
  for (const [index, [name, phone, prizeId]] of winners.entries()) {
    const userId = 900_001 + index;
    const at = SEED_EPOCH + index * 3600;
    await sql
      .insertInto('engage_lottery_draws')
      .values({ id: index + 1, lottery_id: 1, user_id: userId, prize_id: prizeId, created_at: at })
      .execute();
    await sql
      .insertInto('engage_lottery_deliveries')
      .values({
        lottery_id: 1,
        user_id: userId,
        name,
        phone,
        address: '上海市浦东新区世纪大道 100 号',
        created_at: at,
      })
      .execute();
    await sql
      .updateTable('engage_lottery_prizes')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', prizeId)
      .execute();
  }
}

async function seedBonuses(sql: Sql): Promise<void> {
  const rules = '每天可领取一次，连续领取奖励递增，中断后从第 1 天重新计算。每天以北京时间 0 点为界。';
  await sql
    .insertInto('engage_bonuses')
    .values(
      [1, 2].map((id) => ({
        id,
        event_token: id === ENGAGE_SEED.screensBonus ? 'demo' : TEST_EVENT,
        title: id === 1 ? '每日签到领积分' : '每日签到（测试）',
        title_en: id === 1 ? 'Daily points' : 'Daily points (test)',
        rules,
        rules_en:
          'Claim once a day; the reward grows while you claim on consecutive days and starts again from day 1 after a missed day. Days change at midnight Beijing time.',
        reward_kind: 'points' as const,
        rewards: JSON.stringify([10, 10, 20, 20, 30, 30, 50]),
        time_zone: 'Asia/Shanghai',
        contest_id: null,
      })),
    )
    .execute();
}

async function seedCheckIn(sql: Sql): Promise<void> {
  await sql
    .insertInto('engage_checkin_groups')
    .values([
      { id: 1, event_token: 'demo', name: '主会场', position: 0 },
      { id: 2, event_token: 'demo', name: '分论坛', position: 1 },
      { id: 3, event_token: 'demo', name: '入口', position: 2 },
      { id: 11, event_token: 'checkin-e2e', name: '测试会场', position: 0 },
    ])
    .execute();
  const place = (lat: number, lng: number, radius: number) => ({
    latitude_e6: Math.round(lat * 1e6),
    longitude_e6: Math.round(lng * 1e6),
    radius_m: radius,
  });
  const none = { latitude_e6: null, longitude_e6: null, radius_m: null };
  await sql
    .insertInto('engage_checkin_activities')
    .values([
      { id: 1, group_id: 1, event_token: 'demo', title: '开幕式', place: '主会场 A 厅', ...OPEN, ...none },
      {
        id: 2,
        group_id: 1,
        event_token: 'demo',
        title: '新品发布',
        place: '上海中心 B1 多功能厅',
        ...OPEN,
        ...place(31.2335, 121.5055, 500),
      },
      {
        id: 3,
        group_id: 2,
        event_token: 'demo',
        title: '技术分论坛',
        place: '3 楼 301 会议室',
        ...OPEN,
        ...none,
      },
      {
        id: 4,
        group_id: 2,
        event_token: 'demo',
        title: '市场分论坛',
        place: '3 楼 302 会议室',
        ...OPEN,
        ...none,
      },
      {
        id: 5,
        group_id: 3,
        event_token: 'demo',
        title: '东门入场',
        place: '东门闸机',
        ...OPEN,
        ...place(31.2335, 121.5055, 300),
      },
      {
        id: 11,
        group_id: 11,
        event_token: 'checkin-e2e',
        title: '测试签到（定位）',
        place: '上海中心',
        ...OPEN,
        ...place(31.2304, 121.4737, 500),
      },
      {
        id: 12,
        group_id: 11,
        event_token: 'checkin-e2e',
        title: '测试签到',
        place: '测试会场',
        ...OPEN,
        ...none,
      },
    ])
    .execute();
  const people: [string, string][] = [
    ['张伟', '13800001111'],
    ['王芳', '13800002222'],
    ['李娜', '13900003333'],
    ['刘洋', '15000004444'],
    ['陈静', '18600005555'],
    ['杨帆', '17700006666'],
    ['赵磊', '13500007777'],
    ['黄婷', '13600008888'],
  ];
  await sql
    .insertInto('engage_checkin_attendees')
    .values(
      ['demo', 'checkin-e2e'].flatMap((token, round) =>
        people.map(([name, phone], index) => ({
          id: round * 100 + index + 1,
          event_token: token,
          name,
          phone,
          user_id: null,
        })),
      ),
    )
    .execute();
  // Some attendees of `demo` have checked in (the counts on the screenshots).
  await sql
    .insertInto('engage_checkin_records')
    .values(
      [1, 2, 3, 4, 5, 1, 2].map((attendee, index) => ({
        activity_id: index < 5 ? 1 : 3,
        person: `a${attendee}`,
        user_id: null,
        attendee_id: attendee,
        by_user_id: ENGAGE_SEED.staff.id,
        distance_m: null,
        created_at: SEED_EPOCH + index * 60,
      })),
    )
    .execute();
}

const SCORE_FIELDS: ScoreField[] = [
  {
    key: 'name',
    label: { 'zh-CN': '姓名', en: 'Name' },
    placeholder: { 'zh-CN': '请输入姓名', en: 'Your name' },
    max_length: 20,
  },
  {
    key: 'id_last4',
    label: { 'zh-CN': '身份证后四位', en: 'Last 4 of ID number' },
    placeholder: { 'zh-CN': '例如 123X', en: 'e.g. 123X' },
    pattern: '^[0-9]{3}[0-9Xx]$',
    max_length: 4,
  },
];
const SCORE_COLUMNS: ScoreColumn[] = [
  { key: 'group', label: { 'zh-CN': '组别', en: 'Group' } },
  { key: 'preliminary', label: { 'zh-CN': '初赛', en: 'Preliminary' } },
  { key: 'final', label: { 'zh-CN': '决赛', en: 'Final' } },
];

async function seedScores(sql: Sql): Promise<void> {
  const secret = crypto.randomBytes(32).toString('hex');
  await sql
    .insertInto('engage_score_tables')
    .values({
      id: 1,
      event_token: 'demo',
      title: '2026 校园歌手大赛 · 决赛成绩',
      description: '输入姓名和身份证后四位查询本人成绩，排行榜仅显示部分姓名。',
      fields: JSON.stringify(SCORE_FIELDS),
      columns: JSON.stringify(SCORE_COLUMNS),
      rank_public: 1,
      secret,
    })
    .execute();
  const names = [
    '张伟',
    '王芳',
    '李娜',
    '刘洋',
    '陈静',
    '杨帆',
    '赵磊',
    '黄婷',
    '周杰',
    '吴敏',
    '徐涛',
    '孙丽',
    '马超',
    '朱琳',
    '胡斌',
    '郭燕',
    '何军',
    '高洁',
    '林峰',
    '罗欣',
    '郑凯',
    '梁雪',
    '谢晨',
    '宋佳',
  ];
  const rows = names.map((name, index) => {
    const idLast4 = index === 0 ? '1234' : String(1000 + ((index * 379) % 9000)).slice(-4);
    const preliminary = 60 + ((index * 37) % 40);
    const final = 60 + ((index * 53 + 11) % 40);
    return {
      table_id: 1,
      match_key: matchKey(secret, SCORE_FIELDS, { name, id_last4: idLast4 }),
      name,
      score: preliminary + final,
      details: JSON.stringify({ group: index % 2 === 0 ? '青年组' : '少年组', preliminary, final }),
    };
  });
  await sql.insertInto('engage_score_rows').values(rows).execute();
}

async function seedStaff(sql: Sql): Promise<void> {
  const { id, token } = ENGAGE_SEED.staff;
  await sql
    .insertInto('users')
    .values({
      id,
      phone: null,
      nickname: '签到工作人员',
      permissions: JSON.stringify(['check_in']),
      created_at: SEED_EPOCH * 1000,
    })
    .execute();
  if (process.env.NODE_ENV === 'production') return;
  await sql
    .insertInto('sessions')
    .values({
      token_hash: crypto.createHash('sha256').update(token).digest('hex'),
      user_id: id,
      created_at: SEED_EPOCH * 1000,
      expires_at: (SEED_EPOCH + 20 * YEAR) * 1000,
    })
    .execute();
}

export async function seedEngagement(sql: Sql): Promise<void> {
  await seedLotteries(sql);
  await seedBonuses(sql);
  await seedCheckIn(sql);
  await seedScores(sql);
  await seedStaff(sql);
}
