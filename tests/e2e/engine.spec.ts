import { expect, openRoute, test } from '../fixtures';

test('home shows the event in English when the link says locale=en', async ({ page }) => {
  await openRoute(page, '/pages/home/index?token=demo&locale=en');
  await expect(page.getByRole('heading', { name: '2026 新品发布会 · 现场直播' })).toBeVisible();
  await expect(page.getByText('Introduction')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Live room');
});

test('the event colour code picks the theme', async ({ page }) => {
  await page.goto('#/pages/home/index?token=vod');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'lightblue-default');
});

test('unknown routes get the not-found page', async ({ page }) => {
  await page.goto('#/no/such/page');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
});

test('a page chunk that fails to load shows a retry screen, and retry recovers', async ({ page }) => {
  await page.route('**/assets/BlocksPage-*.js', (route) => route.abort());
  await page.goto('#/pages/user/index?token=demo');
  await expect(page.getByRole('heading', { name: '页面加载失败' })).toBeVisible();
  await page.unrouteAll();
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('heading', { name: '页面加载失败' })).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: '个人中心' }).or(page.locator('main')).first(),
  ).toBeVisible();
});

test('the demo live stream plays (currentTime advances)', async ({ page }) => {
  await page.goto('#/pages/home/index?token=demo');
  await expect(page.getByRole('heading', { name: '2026 新品发布会 · 现场直播' })).toBeVisible();
  const video = page.getByTestId('player-video');
  await expect(video).toBeVisible();
  const cover = page.getByRole('button', { name: '点击播放' });
  if (await cover.isVisible().catch(() => false)) await cover.click();
  await expect
    .poll(async () => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1);
});

test('links carry token, inviteId and locale', async ({ page }) => {
  await page.goto('#/no/such/page?token=demo&inviteId=42&locale=en');
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/token=demo/);
  await expect(page).toHaveURL(/inviteId=42/);
  await expect(page).toHaveURL(/locale=en/);
});
