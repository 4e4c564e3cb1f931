/**
 * Live-room content in the browser: the image-text introduction is sanitized, an invitation is recorded when a viewer
 * arrives through someone's link (never for one's own link) and shows in the inviter's list, and sharing says what it
 * should inside and outside WeChat. Writes go to the e2e-only event vod-e2e with fresh viewers. The watching figure
 * follows the server's count on shop-e2e, a live room no other test opens.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { io as connect } from 'socket.io-client';
import { expect, openRoute, test } from '../fixtures';

const EVENT = 'vod-e2e';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 NetType/WIFI Language/zh_CN';
const OLD_WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 9) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/7.0.10.1580(0x27000A34)';

type Viewer = { token: string; userId: number; nickname: string };

async function newViewer(request: APIRequestContext, name: string): Promise<Viewer> {
  const nickname = `${name}${Math.random().toString(36).slice(2, 8)}`;
  const answer = await (
    await request.post('/v3/api/email_anonymous_login', { data: { email: `${nickname}@e2e.test`, nickname } })
  ).json();
  expect(answer.xcode).toBe(200);
  return { token: answer.data.token, userId: answer.data.user_id, nickname };
}

async function useLogin(page: Page, viewer: Viewer) {
  await page.addInitScript(
    ([key, token]) => window.localStorage.setItem(key, token),
    [`livev3:auth:${EVENT}`, viewer.token],
  );
}

/**
 * The live room's blocks below the first screen load after it, in a chain of chunks and calls that takes seconds on a
 * busy machine: wait for the block a test is about, as a viewer scrolling down would, before asking what it did.
 */
const BLOCKS_LOADED = { timeout: 15_000 };

async function invitees(request: APIRequestContext, inviter: Viewer) {
  const answer = await (
    await request.get(`/v3/api/video/invite/list?token=${EVENT}`, {
      headers: { authorization: `Bearer ${inviter.token}` },
    })
  ).json();
  return answer.data.list.map((row: { user_id: number }) => row.user_id) as number[];
}

test('the image-text introduction is rendered sanitized: no script, no handler, no javascript: link', async ({
  page,
}) => {
  await openRoute(page, `/pages/home/index?token=${EVENT}`);
  const section = page.getByTestId('image-text');
  await expect(section.getByRole('heading', { name: '测试课程介绍' })).toBeVisible(BLOCKS_LOADED);
  await expect(section.getByRole('img', { name: '损坏的图片' })).toBeAttached();
  await expect(section.getByRole('link', { name: '安全链接' })).toHaveAttribute(
    'href',
    'https://example.com/',
  );
  expect(await section.locator('script, iframe, [onerror], a[href^="javascript"]').count()).toBe(0);
  // The broken image has had its chance to fire onerror; the seeded handlers never ran.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as { __imageTextXss?: string }).__imageTextXss)).toBeUndefined();
});

test('arriving through a link records the invitation once; my own link records nothing', async ({
  page,
  request,
  browser,
}) => {
  const inviter = await newViewer(request, 'inviter');
  const guest = await newViewer(request, 'guest');
  await useLogin(page, guest);
  await openRoute(page, `/pages/home/index?token=${EVENT}&inviteId=${inviter.userId}`);
  await expect(page.getByRole('region', { name: '邀请好友' })).toBeVisible(BLOCKS_LOADED);
  await expect.poll(() => invitees(request, inviter)).toEqual([guest.userId]);

  // The inviter opening their own link is not an invitation; their list shows the guest.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin + '/livev3/' });
  const own = await context.newPage();
  await useLogin(own, inviter);
  await openRoute(own, `/pages/home/index?token=${EVENT}&inviteId=${inviter.userId}`);
  const section = own.getByRole('region', { name: '邀请好友' });
  await expect(section.getByText('我邀请的人（1）')).toBeVisible(BLOCKS_LOADED);
  await expect(section.getByText(guest.nickname)).toBeVisible();
  expect(await invitees(request, inviter)).toEqual([guest.userId]);
  await context.close();
});

test('pull-down refresh reloads the live-room blocks while the player keeps playing', async ({
  page,
  request,
}) => {
  const viewer = await newViewer(request, 'refresher');
  await useLogin(page, viewer);
  const calls: string[] = [];
  page.on('request', (req) => calls.push(new URL(req.url()).pathname));
  await openRoute(page, `/pages/home/index?token=${EVENT}`);
  await expect(page.getByRole('region', { name: '选集' })).toBeVisible();
  const video = page.getByTestId('player-video');
  await expect(video).toBeVisible({ timeout: 15_000 });
  const cover = page.getByRole('button', { name: '点击播放' });
  if (await cover.isVisible().catch(() => false)) await cover.click();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(2);
  await video.evaluate(
    (v: HTMLVideoElement) => ((v as HTMLVideoElement & { marked?: boolean }).marked = true),
  );
  const count = (path: string) => calls.filter((call) => call === path).length;
  const before = [
    '/v2/api/welcome/masses',
    '/v3/api/video/get_video_image_text',
    '/v3/api/video/episode/list',
  ].map(count);

  // The keyboard equivalent of the pull (the same refresh the gesture runs).
  await page.getByRole('button', { name: '刷新' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() =>
      ['/v2/api/welcome/masses', '/v3/api/video/get_video_image_text', '/v3/api/video/episode/list'].map(
        count,
      ),
    )
    .toEqual(before.map((n) => n + 1));
  // Same element, still playing: the refresh did not restart the player.
  const after = await video.evaluate((v: HTMLVideoElement) => ({
    marked: (v as HTMLVideoElement & { marked?: boolean }).marked,
    time: v.currentTime,
  }));
  expect(after.marked).toBe(true);
  expect(after.time).toBeGreaterThan(2);
});

test('sharing outside WeChat says it is not supported', async ({ page }) => {
  await openRoute(page, `/pages/home/index?token=${EVENT}`);
  await page.getByRole('button', { name: '分享给好友' }).click();
  await expect(page.getByRole('status').getByText('不支持分享')).toBeVisible();
});

test.describe('in WeChat', () => {
  test.use({ userAgent: WECHAT_UA });

  test('the share payload carries the event and my user id as inviteId', async ({ page, request }) => {
    const me = await newViewer(request, 'sharer');
    await useLogin(page, me);
    await openRoute(page, `/pages/home/index?token=${EVENT}`);
    await expect(page.getByRole('region', { name: '邀请好友' })).toBeVisible(BLOCKS_LOADED);
    await expect
      .poll(() => page.evaluate(() => (window as { __wxShare?: { link: string; title: string } }).__wxShare))
      .toMatchObject({
        title: '测试课程（回放，共三集）',
        link: expect.stringContaining(`inviteId=${me.userId}`),
      });
    await page.getByRole('button', { name: '分享给好友' }).click();
    await expect(page.getByRole('status').getByText('点击右上角')).toBeVisible();
  });
});

test.describe('in an old WeChat', () => {
  test.use({ userAgent: OLD_WECHAT_UA });

  test('sharing says the version is not supported', async ({ page }) => {
    await openRoute(page, `/pages/home/index?token=${EVENT}`);
    await page.getByRole('button', { name: '分享给好友' }).click();
    await expect(page.getByRole('status').getByText('您的版本不支持')).toBeVisible();
  });
});

test('the watching figure follows the room: another viewer joining raises it, its leaving lowers it', async ({
  page,
  baseURL,
}) => {
  const event = 'shop-e2e';
  await openRoute(page, `/pages/home/index?token=${event}`);
  // This page is the room's one viewer once its socket has joined (server/events/audience.ts).
  const figure = page.getByTestId('audience').first();
  await expect(figure).toHaveText('1 人观看', BLOCKS_LOADED);
  const other = connect(new URL(baseURL ?? '').origin, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  try {
    expect(await other.emitWithAck('join', { token: event })).toMatchObject({ ok: true });
    await expect(figure).toHaveText('2 人观看');
  } finally {
    other.close();
  }
  await expect(figure).toHaveText('1 人观看');
});
