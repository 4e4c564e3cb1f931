/**
 * The channel in the browser: the home opens without a login, switches categories, searches titles, shares and shows
 * its QR code and the official account's follow pop-up; videos and the live-now card open the channel live room, which
 * leads back; following logs in (the WeChat emulator in WeChat, the e-mail login elsewhere) and comes back followed.
 * Screens use `showcase`; the follow tests use `showcase-e2e` (WeChat) and `showcase-login` (e-mail).
 */
import { expect, openRoute, test } from '../fixtures';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 NetType/WIFI Language/zh_CN';
const HOME = '/pages/channel/index?channelToken=showcase';

test('opens without a login: header, live now, categories with their videos and HTML, the introduction sanitized', async ({
  page,
}) => {
  await openRoute(page, HOME);
  await expect(page.getByRole('heading', { level: 1, name: 'livev3 官方频道' })).toBeVisible();
  await expect(page.getByText('12.8万 人关注')).toBeVisible();
  await expect(page.getByRole('button', { name: '关注', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByRole('link', { name: /进入直播间/ })).toBeVisible();

  const tabs = page.getByRole('tablist', { name: '视频分类' });
  await expect(tabs.getByRole('tab', { name: /全部/ })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: /付费课程/ }).click();
  await expect(tabs.getByRole('tab', { name: /付费课程/ })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('永久回看')).toBeVisible();
  const videos = panel.getByRole('list', { name: '付费课程' }).getByRole('listitem');
  await expect(videos.first()).toContainText('大师课');
  await expect(videos.first()).toContainText('¥');
  await tabs.getByRole('tab', { name: /会员专享/ }).click();
  await expect(panel.getByRole('list', { name: '会员专享' }).getByRole('listitem').first()).toContainText(
    '需密码',
  );

  const intro = page.getByTestId('channel-intro');
  await expect(intro.getByRole('heading', { name: '关于我们' })).toBeVisible();
  await expect(intro.locator('script')).toHaveCount(0);
});

test('searches video titles: matches marked, recent searches remembered, a miss says so', async ({
  page,
}) => {
  await openRoute(page, HOME);
  const search = page.getByRole('search');
  await search.getByLabel('视频标题').fill('峰会');
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByRole('status').filter({ hasText: /找到 \d+ 个相关视频/ })).toBeVisible();
  const results = page.getByRole('list', { name: '搜索视频标题' });
  await expect(results.locator('mark', { hasText: '峰会' }).first()).toBeVisible();

  await search.getByLabel('视频标题').fill('没有这个标题');
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByText('没有找到与“没有这个标题”相关的视频')).toBeVisible();

  await search.getByLabel('视频标题').fill('');
  await page.getByRole('button', { name: '峰会' }).click();
  await expect(results.locator('mark', { hasText: '峰会' }).first()).toBeVisible();
});

test('a video opens in the channel live room, whose bar leads back to the channel', async ({ page }) => {
  await openRoute(page, HOME);
  await page.getByRole('tab', { name: /精彩回放/ }).click();
  const first = page.getByRole('list', { name: '精彩回放' }).getByRole('listitem').first();
  const title = (await first.locator('a > span').nth(1).locator('span').first().textContent()) ?? '';
  expect(title).toContain('回放');
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/room-new\/index.*channelToken=showcase/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('link', { name: '返回频道' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'livev3 官方频道' })).toBeVisible();
});

test('live now opens the channel room with the live event and the channel’s other lives', async ({
  page,
}) => {
  await openRoute(page, HOME);
  await page.getByRole('link', { name: /进入直播间/ }).click();
  await expect(page).toHaveURL(/room-new\/index/);
  const bar = page.getByRole('navigation', { name: 'livev3 官方频道' });
  await expect(bar.getByRole('link', { name: '返回频道' })).toBeVisible();
  await expect(bar.getByRole('list', { name: '频道其他直播' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByText('直播中').first()).toBeVisible();
});

test('the channel room without a chosen event shows the current live one', async ({ page }) => {
  await openRoute(page, '/pages/channel/room-new/index?channelToken=showcase');
  await expect(page.getByRole('link', { name: '返回频道' })).toBeVisible();
  await expect(page.getByText('直播中').first()).toBeVisible();
});

test('share outside WeChat says it is not supported; the QR code opens', async ({ page }) => {
  await openRoute(page, HOME);
  await page.getByRole('button', { name: '分享频道' }).click();
  await expect(page.getByRole('status').getByText('不支持分享')).toBeVisible();
  await page.getByRole('button', { name: '频道二维码' }).click();
  const dialog = page.getByRole('dialog', { name: '频道二维码' });
  await expect(dialog.getByRole('img', { name: '频道二维码' })).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
});

test('the official account’s follow pop-up: its own QR code, a modal dialog that takes and gives back focus', async ({
  page,
}) => {
  await openRoute(page, HOME);
  const open = page.getByRole('button', { name: '关注公众号' });
  await open.click();
  const popup = page.getByRole('dialog', { name: '扫码关注公众号' });
  await expect(popup).toHaveAccessibleDescription(/长按识别二维码/);
  await expect(popup.getByText('livev3 服务号')).toBeVisible();
  const qr = popup.getByRole('img', { name: 'livev3 服务号' });
  await expect(qr).toHaveAttribute('src', /official-qrcode\.jpg$/);
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // Focus is inside the dialog, the page behind is inert; Escape closes it and focus returns to the opener.
  await expect.poll(() => popup.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(open).toBeFocused();
  // Themed like the channel: the band takes the channel header colour, the button the theme's confirm colour.
  await open.click();
  const band = await popup.locator('header').evaluate((element) => getComputedStyle(element).backgroundColor);
  const header = await page
    .locator('header', { has: page.getByRole('heading', { level: 1 }) })
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(band).toBe(header);
  await popup.getByRole('button', { name: '知道了' }).click();
  await expect(popup).toBeHidden();
});

test('the English channel page', async ({ page }) => {
  await openRoute(page, `${HOME}&locale=en`);
  await expect(page.getByText('128K followers')).toBeVisible();
  await expect(page.getByRole('tab', { name: /All/ })).toBeVisible();
});

test('follow outside WeChat opens the login, e-mail login comes back to the channel, followed', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  await openRoute(page, '/pages/channel/index?channelToken=showcase-login');
  await expect(page.getByRole('heading', { level: 1, name: '登录关注测试频道' })).toBeVisible();
  const follow = page.getByRole('button', { name: '关注', exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(page).toHaveURL(/#\/pages\/login\/index\?.*redirect=/);
  await page.getByRole('tab', { name: '邮箱登录' }).click();
  const form = page.getByRole('tabpanel');
  await form.getByLabel('邮箱').fill(`channel-follow-${run}@e2e.test`);
  await form.getByLabel('昵称').fill(`follow${run}`);
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/#\/pages\/channel\/index\?.*channelToken=showcase-login/);
  await expect(page.getByRole('button', { name: '已关注' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 人关注')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: '已关注' })).toBeVisible();
});

test.describe('in WeChat', () => {
  test.use({ userAgent: WECHAT_UA });

  test('the share payload is the channel', async ({ page }) => {
    await openRoute(page, HOME);
    await expect
      .poll(() => page.evaluate(() => (window as { __wxShare?: { link: string; title: string } }).__wxShare))
      .toMatchObject({ title: 'livev3 官方频道', link: expect.stringContaining('channelToken=showcase') });
    await page.getByRole('button', { name: '分享频道' }).click();
    await expect(page.getByRole('status').getByText('点击右上角')).toBeVisible();
  });

  test('follow asks for the WeChat login, comes back and is followed', async ({ page }) => {
    await openRoute(page, '/pages/channel/index?channelToken=showcase-e2e');
    const follow = page.getByRole('button', { name: '关注', exact: true });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await follow.click();
    await page.getByLabel('WeChat user').fill(`channel-${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Authorise' }).click();
    await expect(page.getByRole('button', { name: '已关注' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 人关注')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: '已关注' })).toBeVisible();
  });
});
