/**
 * Episodes in the browser: switching episodes, progress saved while playing and on page hide, and resumed after a
 * reload with the 'continue from' hint. Uses the e2e-only VOD event (vod-e2e) and a fresh viewer per test, so nothing
 * here changes what screenshots show.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

const EVENT = 'vod-e2e';

async function loginAsNewViewer(page: Page, request: APIRequestContext) {
  const email = `episodes-${Date.now()}-${Math.random().toString(36).slice(2)}@e2e.test`;
  const answer = await (await request.post('/v3/api/email_anonymous_login', { data: { email } })).json();
  expect(answer.xcode).toBe(200);
  await page.addInitScript(
    ([key, token]) => window.localStorage.setItem(key, token),
    [`livev3:auth:${EVENT}`, answer.data.token as string],
  );
  return answer.data.token as string;
}

async function savedPosition(request: APIRequestContext, token: string): Promise<number> {
  const bound = await (
    await request.post('/v3/api/video/episode/bind/info', {
      data: { token: EVENT },
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  return bound.data.position;
}

const currentTime = (page: Page) =>
  page.getByTestId('player-video').evaluate((video: HTMLVideoElement) => video.currentTime);

async function startPlayback(page: Page) {
  await expect(page.getByTestId('player-video')).toBeVisible({ timeout: 15_000 });
  const cover = page.getByRole('button', { name: '点击播放' });
  if (await cover.isVisible().catch(() => false)) await cover.click();
}

test('episode progress resumes after a reload, with the continue-from hint', async ({ page, request }) => {
  const token = await loginAsNewViewer(page, request);
  await openRoute(page, `/pages/home/index?token=${EVENT}`);
  const episodes = page.getByRole('region', { name: '选集' });
  const second = episodes.getByRole('button', { name: /第二集/ });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await startPlayback(page);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(7);
  // Saved every few seconds while playing, before any page hide.
  await expect.poll(() => savedPosition(request, token), { timeout: 10_000 }).toBeGreaterThan(0);
  const before = await currentTime(page);

  await page.reload();
  // Resumed: the same episode, the hint, and the player already near where it was (from 0 it could not be there yet).
  const hint = page.getByRole('status').filter({ hasText: /从 \d+:\d\d 继续播放/ });
  await expect(hint).toBeVisible({ timeout: 15_000 });
  const [minutes, seconds] =
    ((await hint.textContent()) ?? '')
      .match(/(\d+):(\d\d)/)
      ?.slice(1)
      .map(Number) ?? [];
  const resumedAt = minutes * 60 + seconds;
  // Saved on page hide (keepalive) or at worst by the last 5-second save.
  expect(resumedAt).toBeGreaterThanOrEqual(Math.floor(before) - 5);
  await expect(
    page.getByRole('region', { name: '选集' }).getByRole('button', { name: /第二集/ }),
  ).toHaveAttribute('aria-current', 'true');
  await startPlayback(page);
  await expect.poll(() => currentTime(page), { timeout: 4_000 }).toBeGreaterThanOrEqual(resumedAt - 0.5);

  // The server holds the same position for the episode the viewer is bound to.
  expect(await savedPosition(request, token)).toBeGreaterThanOrEqual(resumedAt);
});

test('switching episodes switches the player source', async ({ page, request }) => {
  await loginAsNewViewer(page, request);
  await openRoute(page, `/pages/home/index?token=${EVENT}`);
  const episodes = page.getByRole('region', { name: '选集' });
  await expect(episodes.getByRole('button', { name: /第一集/ })).toHaveAttribute('aria-current', 'true');
  const requested: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('master.m3u8')) requested.push(req.url());
  });
  await episodes.getByRole('button', { name: /第三集/ }).click();
  await expect(episodes.getByRole('button', { name: /第三集/ })).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => requested.length).toBeGreaterThan(0);
  const listed = await (await request.post('/v3/api/video/episode/list', { data: { token: EVENT } })).json();
  const third = listed.data.list[2];
  // Stream URLs are signed per request (exp, sig): the stream itself is the URL without its signature.
  expect(requested.at(-1)).toContain(third.stream_url.split('&exp=')[0]);
  await startPlayback(page);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
});
