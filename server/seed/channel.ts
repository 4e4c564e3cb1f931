/**
 * Channel demo data: the organiser channel `showcase` (a logo and a cover, five categories, 72 videos mixing live,
 * upcoming, replays, paid and password ones, an introduction, an official account with its own QR code and category
 * HTML) that screenshots show and no test
 * changes; `showcase-e2e`, a small copy that browser tests follow and unfollow (through WeChat); `showcase-login`, followed
 * after the login outside WeChat; the profile and search index of the
 * first seed's `demo-channel`. CHANNEL_BENCH_VIDEOS=n adds `bench-channel` with n videos (the search bench).
 */
import type { Sql } from '../db/sql.ts';
import { prng, SEED_EPOCH } from './epoch.ts';
import { indexTitles } from '../events/title-search.ts';

const COVER = '/streams/vod/demo/cover.jpg';
/** The showcase channel's own images (server/media/showcase, made by scripts/make-channel-images.ts). */
const SHOWCASE_MEDIA = '/streams/vod/showcase';
const OWNER_ID = 1;

type SeedVideo = {
  title: string;
  status: 0 | 1 | 2;
  price?: number;
  password?: string;
};

const TOPICS = [
  '新品发布会',
  '技术沙龙',
  '行业峰会',
  '产品训练营',
  '客户分享会',
  '设计工作坊',
  '年度盛典',
  '开发者大会',
  '品牌之夜',
  '创新论坛',
  '直播带货专场',
  '线上音乐会',
];
const PLACES = ['上海', '北京', '深圳', '杭州', '成都', '广州'];
const PARTS = ['主论坛', '分论坛', '圆桌对话', '现场直击', '精彩回放', '嘉宾访谈'];

/** The categories' English names (the organiser wrote both). */
const CATEGORY_EN: Record<string, string> = {
  正在直播: 'Live now',
  即将开播: 'Coming up',
  精彩回放: 'Replays',
  付费课程: 'Paid courses',
  会员专享: 'Members only',
};

/** Five categories: live now, upcoming, replays, paid courses, members only (password). */
function showcaseVideos(count: number): { category: string; video: SeedVideo }[] {
  const random = prng(15);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const out: { category: string; video: SeedVideo }[] = [];
  for (let i = 0; i < count; i++) {
    const topic = `${pick(PLACES)} ${pick(TOPICS)} · ${pick(PARTS)}`;
    const slot = i % 12;
    if (slot < 2) out.push({ category: '正在直播', video: { title: topic, status: 1 } });
    else if (slot < 4) out.push({ category: '即将开播', video: { title: `预告：${topic}`, status: 0 } });
    else if (slot < 8) out.push({ category: '精彩回放', video: { title: `回放｜${topic}`, status: 2 } });
    else if (slot < 10)
      out.push({
        category: '付费课程',
        video: { title: `大师课：${topic}`, status: slot === 8 ? 1 : 2, price: 990 + (i % 5) * 1000 },
      });
    else
      out.push({
        category: '会员专享',
        video: { title: `内部场：${topic}`, status: slot === 10 ? 1 : 2, password: '1234' },
      });
  }
  return out;
}

async function insertChannel(
  sql: Sql,
  channel: { token: string; title: string; intro: string; color: string },
  profile: { logo?: string; cover?: string; official?: [string, string, string]; followers: number },
): Promise<number> {
  const row = await sql
    .insertInto('channels')
    .values({
      token: channel.token,
      owner_id: OWNER_ID,
      color_code: channel.color,
      title: channel.title,
      intro: channel.intro,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql
    .insertInto('channel_profiles')
    .values({
      channel_id: row.id,
      logo: profile.logo ?? '',
      cover: profile.cover ?? '',
      official_name: profile.official?.[0] ?? '',
      official_qr: profile.official?.[1] ?? '',
      official_intro: profile.official?.[2] ?? '',
      followers: profile.followers,
    })
    .execute();
  return row.id;
}

/** Inserts the events and lists them under their categories (created in first-seen order), in batches. */
async function insertVideos(
  sql: Sql,
  channelId: number,
  tokenPrefix: string,
  videos: { category: string; video: SeedVideo }[],
  seedValue: number,
): Promise<Map<string, number>> {
  const random = prng(seedValue);
  const categories = new Map<string, number>();
  const positions = new Map<string, number>();
  const indexed: { eventId: number; title: string }[] = [];
  await sql.transaction().execute(async (trx) => {
    for (const { category } of videos) {
      if (categories.has(category)) continue;
      const created = await trx
        .insertInto('channel_categories')
        .values({
          channel_id: channelId,
          name: category,
          name_en: CATEGORY_EN[category] ?? '',
          position: categories.size,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      categories.set(category, created.id);
    }
    const rows = videos.map(({ category, video }, index) => {
      // Live and upcoming ones start around the seed epoch, replays spread over the months before it.
      const start =
        video.status === 2
          ? SEED_EPOCH - (index + 1) * 86400 - Math.floor(random() * 36000)
          : SEED_EPOCH + (video.status === 0 ? (index + 1) * 3600 : -index * 60);
      const position = positions.get(category) ?? 0;
      positions.set(category, position + 1);
      return {
        category,
        position,
        event: {
          token: `${tokenPrefix}-${String(index + 1).padStart(3, '0')}`,
          owner_id: OWNER_ID,
          color_code: 'red',
          title: video.title,
          cover: COVER,
          description: `${video.title}。`,
          live_status: video.status,
          start_time: start,
          views: Math.floor(random() * random() * (video.status === 1 ? 180000 : 60000)),
          live_stream: video.status === 2 ? '' : 'demo',
          replay_stream: video.status === 2 ? 'demo' : '',
          password: video.password ?? '',
          price_cents: video.price ?? 0,
        },
      };
    });
    // Batches stay under SQLite's bound-parameter limit.
    for (let at = 0; at < rows.length; at += 50) {
      const batch = rows.slice(at, at + 50);
      const created = await trx
        .insertInto('events')
        .values(batch.map((row) => row.event))
        .returning(['id', 'token'])
        .execute();
      const ids = new Map(created.map((row) => [row.token, Number(row.id)]));
      // Every category was created above and every event of the batch came back with its id.
      const listed = batch.map((row) => ({
        channel_id: channelId,
        category_id: categories.get(row.category) as number,
        event_id: ids.get(row.event.token) as number,
        position: row.position,
      }));
      await trx.insertInto('channel_videos').values(listed).execute();
      batch.forEach((row) =>
        indexed.push({ eventId: ids.get(row.event.token) as number, title: row.event.title }),
      );
    }
  });
  await indexTitles(sql, { kind: 'channel', id: channelId }, indexed);
  return categories;
}

const INTRO_HTML = `<h3>关于我们</h3>
<p>livev3 官方频道汇集全年的<strong>发布会、峰会与训练营</strong>直播，每周二、四晚 19:30 准时开播。</p>
<ul><li>直播中可参与评论、送礼与抽奖</li><li>错过直播可随时观看回放</li><li>付费课程支持七天内无限次回看</li></ul>
<p><img src="${COVER}" alt="直播现场"></p>
<p><a href="https://example.com/about">了解更多</a></p>
<script>alert('organiser HTML is sanitized before it is shown')</script>`;

export async function seedChannel(sql: Sql): Promise<void> {
  const showcase = await insertChannel(
    sql,
    {
      token: 'showcase',
      title: 'livev3 官方频道',
      intro: '发布会、行业峰会、产品训练营，一个频道看全部直播与回放。',
      color: 'red',
    },
    {
      logo: `${SHOWCASE_MEDIA}/logo.jpg`,
      cover: `${SHOWCASE_MEDIA}/cover.jpg`,
      // The official account's own QR code (its link, not the channel's).
      official: [
        'livev3 服务号',
        `${SHOWCASE_MEDIA}/official-qrcode.jpg`,
        '关注服务号，开播提醒第一时间送达。',
      ],
      followers: 128600,
    },
  );
  const categories = await insertVideos(sql, showcase, 'ch', showcaseVideos(72), 15);
  await sql
    .insertInto('channel_html')
    .values([
      { channel_id: showcase, category_id: 0, html: INTRO_HTML },
      {
        channel_id: showcase,
        category_id: categories.get('付费课程') ?? 0,
        html: '<p>付费课程<strong>一次购买</strong>，永久回看。</p>',
      },
    ])
    .execute();

  const e2e = await insertChannel(
    sql,
    { token: 'showcase-e2e', title: '测试频道', intro: '浏览器测试关注与取消关注用的频道。', color: 'red' },
    { official: ['测试服务号', '/v2/api/mini/qrcode/channel?channel_token=showcase-e2e', ''], followers: 0 },
  );
  await insertVideos(sql, e2e, 'che2e', showcaseVideos(12), 16);

  // Followed in the browser test of the login outside WeChat (phone or e-mail), apart from the WeChat one's count.
  const login = await insertChannel(
    sql,
    {
      token: 'showcase-login',
      title: '登录关注测试频道',
      intro: '浏览器测试在微信外登录后关注用的频道。',
      color: 'red',
    },
    { followers: 0 },
  );
  await insertVideos(sql, login, 'chlogin', showcaseVideos(4), 18);

  // The first seed's channel: a profile and its titles in the search index.
  const demo = await sql
    .selectFrom('channels')
    .select('id')
    .where('token', '=', 'demo-channel')
    .executeTakeFirst();
  if (demo) {
    await sql.insertInto('channel_profiles').values({ channel_id: demo.id, followers: 3200 }).execute();
    const listed = await sql
      .selectFrom('channel_videos as v')
      .innerJoin('events as e', 'e.id', 'v.event_id')
      .select(['e.id', 'e.title'])
      .where('v.channel_id', '=', demo.id)
      .execute();
    const unique = new Map(listed.map((row) => [row.id, row.title]));
    await indexTitles(
      sql,
      { kind: 'channel', id: demo.id },
      [...unique].map(([eventId, title]) => ({ eventId, title })),
    );
  }

  const bench = Number(process.env.CHANNEL_BENCH_VIDEOS ?? 0);
  if (bench > 0) await seedBenchChannel(sql, bench);
}

/** `bench-channel` with `count` videos over four categories (the search throughput bench). */
export async function seedBenchChannel(sql: Sql, count: number): Promise<void> {
  const channel = await insertChannel(
    sql,
    { token: 'bench-channel', title: '压测频道', intro: '', color: 'red' },
    { followers: 0 },
  );
  await insertVideos(sql, channel, 'chbench', showcaseVideos(count), 17);
}
