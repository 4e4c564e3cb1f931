/**
 * Live-room demo content (deterministic): image-text introductions, related videos, three episodes of the VOD event,
 * and `vod-e2e`, a VOD event only browser tests use (they write progress and invitations there; screenshots never
 * show it). Its introduction carries a script and an onerror handler on purpose: the app must strip both.
 */
import type { Sql } from '../db/sql.ts';

const COVER = '/streams/vod/demo/cover.jpg';
/** The demo VOD stream is 12 s long; every episode plays it (the episode id keeps the sources apart). */
const DEMO_STREAM_SECONDS = 12;

const IMAGE_TEXT: Record<string, string> = {
  demo: `<h3>发布会议程</h3>
<ol><li>19:00 开场致辞</li><li>19:10 三款新品发布</li><li>19:30 直播间抽奖</li></ol>
<p><strong>现场福利：</strong>评论、点赞、送礼物均可参与抽奖。</p>
<p><img src="${COVER}" alt="发布会现场" width="390" height="219"></p>`,
  vod: `<h3>课程介绍</h3>
<p>本训练营共 <strong>三集</strong>，建议按顺序观看。</p>
<ul><li>第一集：产品入门</li><li>第二集：进阶技巧</li><li>第三集：实战案例</li></ul>
<p><img src="${COVER}" alt="课程封面" width="390" height="219"></p>
<p>看到一半离开也没关系，下次打开会从上次的位置继续播放。</p>`,
  'vod-e2e': `<h3>测试课程介绍</h3>
<p>本段文字用于验证图文介绍的净化。</p>
<script>window.__imageTextXss = 'script';</script>
<p><img src="/no-such-image.png" alt="损坏的图片" onerror="window.__imageTextXss = 'onerror'"></p>
<p><a href="javascript:window.__imageTextXss = 'link'">危险链接</a> <a href="https://example.com/">安全链接</a></p>
<iframe src="https://example.com/"></iframe>`,
};

const EPISODE_TITLES = ['第一集：产品入门', '第二集：进阶技巧', '第三集：实战案例'];

/** Related videos per event token, in display order. */
const RELATED: Record<string, string[]> = {
  demo: ['vod', 'secret', 'paid'],
  vod: ['demo', 'info'],
};

export async function seedLiveRoom(sql: Sql): Promise<void> {
  const max = await sql
    .selectFrom('events')
    .select((eb) => eb.fn.max('start_time').as('start'))
    .executeTakeFirst();
  await sql
    .insertInto('events')
    .values({
      token: 'vod-e2e',
      owner_id: 1,
      color_code: 'lightblue',
      title: '测试课程（回放，共三集）',
      cover: COVER,
      description: '仅供自动化测试使用。',
      announcement: '',
      live_status: 2,
      start_time: Number(max?.start ?? 0) + 3600,
      views: 0,
      live_stream: '',
      replay_stream: 'demo',
    })
    .execute();

  const ids = new Map(
    (await sql.selectFrom('events').select(['id', 'token']).execute()).map((row) => [row.token, row.id]),
  );
  const idOf = (token: string) => ids.get(token) as number;

  await sql
    .insertInto('event_image_text')
    .values(Object.entries(IMAGE_TEXT).map(([token, html]) => ({ event_id: idOf(token), html })))
    .execute();
  await sql
    .insertInto('event_related')
    .values(
      Object.entries(RELATED).flatMap(([token, list]) =>
        list.map((other, position) => ({ event_id: idOf(token), related_event_id: idOf(other), position })),
      ),
    )
    .execute();
  await sql
    .insertInto('episodes')
    .values(
      ['vod', 'vod-e2e'].flatMap((token) =>
        EPISODE_TITLES.map((title, index) => ({
          event_id: idOf(token),
          position: index + 1,
          title,
          stream: 'demo',
          duration_s: DEMO_STREAM_SECONDS,
        })),
      ),
    )
    .execute();
}
