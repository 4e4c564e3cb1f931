import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

/**
 * Where the account features are reached from: the save toggle on the live room's header, video cards and the player
 * page, and the complaint entries of the live room's menu, the player page and chat lines. Each test is a fresh
 * viewer of its own (e-mail login): its favourites and complaints are nothing a screenshot shows.
 */
const run = Date.now().toString(36);

async function loginAsNewViewer(page: Page, request: APIRequestContext, name: string, videoToken = 'demo') {
  const email = `${name}-${run}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const answer = await (
    await request.post('/v3/api/email_anonymous_login', { data: { email, nickname: name } })
  ).json();
  expect(answer.xcode).toBe(200);
  await page.addInitScript(
    ([key, token]) => localStorage.setItem(key, token),
    [`livev3:auth:${videoToken}`, answer.data.token as string],
  );
}

const TITLE = '2026 新品发布会 · 现场直播';

for (const locale of ['zh-CN', 'en'] as const) {
  const zh = locale === 'zh-CN';
  const save = zh ? '收藏' : 'Save';

  test(`favourites: save the event from the live room's header, find it in the collection, remove it (${locale})`, async ({
    page,
    request,
  }) => {
    await loginAsNewViewer(page, request, 'save');
    await openRoute(page, `/pages/home/index?token=demo&locale=${locale}`);
    const header = page.locator('section[aria-labelledby="video-title"]');
    const toggle = header.getByRole('button', { name: save, exact: true });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await openRoute(page, `/pages/user/collection/index?token=demo&locale=${locale}`);
    await expect(page.getByRole('button', { name: TITLE, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `${zh ? '取消收藏' : 'Remove'} ${TITLE}` }).click();
    await expect(page.getByText(zh ? '还没有收藏' : 'Nothing saved yet')).toBeVisible();

    // Back in the live room the header reads the state again: no longer saved.
    await openRoute(page, `/pages/home/index?token=demo&locale=${locale}`);
    await expect(header.getByRole('button', { name: save, exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
}

test('favourites: a video card saves its own video, named after it', async ({ page, request }) => {
  await loginAsNewViewer(page, request, 'card');
  await openRoute(page, '/pages/home/index?token=demo&locale=en');
  const card = page.getByRole('button', { name: /^Save / }).first();
  await card.scrollIntoViewIfNeeded();
  const name = (await card.getAttribute('aria-label')) ?? '';
  const title = name.replace(/^Save /, '');
  expect(title.length).toBeGreaterThan(0);
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await openRoute(page, '/pages/user/collection/index?token=demo&locale=en');
  await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible();
});

test('favourites: logged out, the save button asks for the login', async ({ page }) => {
  await openRoute(page, '/pages/home/index?token=demo');
  await page
    .locator('section[aria-labelledby="video-title"]')
    .getByRole('button', { name: '收藏', exact: true })
    .click();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
});

test("favourites and complaint on a player's page", async ({ page, request }) => {
  await loginAsNewViewer(page, request, 'player');
  await openRoute(page, '/pages/vote/player/index?token=demo&vote_id=1&player_id=2');
  await expect(page.getByTestId('player-votes')).toBeVisible();
  const name = (await page.locator('#player-name').textContent()) ?? '';
  const toggle = page.getByRole('button', { name: '收藏', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await openRoute(page, '/pages/user/collection/index?token=demo');
  await page.getByRole('tab', { name: '选手' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();

  await openRoute(page, '/pages/vote/player/index?token=demo&vote_id=1&player_id=2');
  await page.getByRole('button', { name: '投诉', exact: true }).click();
  await expect(page).toHaveURL(/target_kind=player/);
  await expect(page).toHaveURL(/target=1%3A2|target=1:2/);
  await expect(page.getByText('投诉对象：选手')).toBeVisible();
});

test("complaint from the live room's menu reaches the complaint page with the video and is filed", async ({
  page,
  request,
}) => {
  await loginAsNewViewer(page, request, 'menu');
  await openRoute(page, '/pages/home/index?token=demo&locale=en');
  const more = page.getByRole('button', { name: 'More actions' });
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('menuitem', { name: 'Complain' }).click();
  await expect(page).toHaveURL(/#\/pages\/complaint\/tousu\/index\?.*target_kind=video/);
  await expect(page).toHaveURL(/target=demo/);
  await expect(page.getByText('About: a video')).toBeVisible();
  await page.getByText('Other', { exact: true }).click();
  await page.getByRole('button', { name: 'Submit complaint' }).click();
  await expect(
    page.locator('p[role="status"]', { hasText: 'Thank you, we will look into it' }),
  ).toBeVisible();
});

test("complaint from a chat line's menu carries the line", async ({ page, request }) => {
  await loginAsNewViewer(page, request, 'line', 'chat-demo');
  await openRoute(page, '/pages/home/index?token=chat-demo');
  await expect(page.getByText('谢谢红包！')).toBeVisible();
  await page
    .getByRole('button', { name: /的消息操作/ })
    .first()
    .click();
  await expect(page.getByRole('menuitem', { name: '禁言该观众' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: '投诉这条消息' }).click();
  await expect(page).toHaveURL(/target_kind=chat&target=\d+|target=\d+.*target_kind=chat/);
  await expect(page.getByText('投诉对象：聊天消息')).toBeVisible();
});

test('my invitations opens the live room at its invitations, not at its top', async ({ page, request }) => {
  await loginAsNewViewer(page, request, 'invites');
  await openRoute(page, '/pages/user/index?token=demo');
  await page.getByRole('link', { name: '我的邀请' }).click();
  await expect(page).toHaveURL(/#\/pages\/home\/index\?.*section=invite/);
  const invite = page.getByRole('region', { name: '邀请好友' });
  await expect(invite.getByText(/我邀请的人（\d+）/)).toBeVisible();
  // Still in view once the room's blocks, above and below it, have arrived (the footer is the last).
  await expect(page.getByText('由 livev3 提供技术支持')).toBeAttached();
  await expect(invite).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});
