/**
 * Live-room demo content (deterministic): image-text introductions, related videos, three episodes of the VOD event,
 * and `vod-e2e`, a VOD event only browser tests use (they write progress and invitations there; screenshots never
 * show it). Its introduction carries a script and an onerror handler on purpose: the app must strip both.
 */
import type { Db } from '../db/database.ts';

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

export function seedLiveRoom(db: Db): void {
  const max = db.prepare<[], { start: number }>('SELECT MAX(start_time) AS start FROM events').get();
  db.prepare(
    `INSERT INTO events (token, owner_id, color_code, title, cover, description, announcement, live_status, start_time,
       views, live_stream, replay_stream)
     VALUES ('vod-e2e', 1, 'lightblue', '测试课程（回放，共三集）', ?, '仅供自动化测试使用。', '', 2, ?, 0, '', 'demo')`,
  ).run(COVER, (max?.start ?? 0) + 3600);

  const idOf = (token: string) =>
    (
      db.prepare<[string], { id: number }>('SELECT id FROM events WHERE token = ?').get(token) as {
        id: number;
      }
    ).id;

  const imageText = db.prepare('INSERT INTO event_image_text (event_id, html) VALUES (?, ?)');
  for (const [token, html] of Object.entries(IMAGE_TEXT)) imageText.run(idOf(token), html);

  const related = db.prepare(
    'INSERT INTO event_related (event_id, related_event_id, position) VALUES (?, ?, ?)',
  );
  for (const [token, list] of Object.entries(RELATED))
    list.forEach((other, position) => related.run(idOf(token), idOf(other), position));

  const episode = db.prepare(
    'INSERT INTO episodes (event_id, position, title, stream, duration_s) VALUES (?, ?, ?, ?, ?)',
  );
  for (const token of ['vod', 'vod-e2e'])
    EPISODE_TITLES.forEach((title, index) =>
      episode.run(idOf(token), index + 1, title, 'demo', DEMO_STREAM_SECONDS),
    );
}
