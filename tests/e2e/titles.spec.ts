/**
 * Page titles and headings: one heading per page where a block's title would repeat the page's (the login, the
 * checkout, an order: the page's h1 names the block), in both languages; the channel page titled with the channel's
 * name; an unknown route with its own title. Read-only: the shop pages are the screenshot viewer's
 * (shop-screens-7001), nothing is bought or changed.
 */
import { expect, openRoute, test } from '../fixtures';

const SHOP_VIEWER = 'auth_token=shop-screens-7001';

const pages = [
  { route: '/pages/login/index?token=demo', zh: '用户登录', en: 'User login', role: 'region' },
  {
    route: `/pages/shop/checkout/index?token=demo&id=1&${SHOP_VIEWER}`,
    zh: '确认订单',
    en: 'Confirm order',
    role: 'form',
  },
  {
    route: `/pages/user/order/detail/index?token=demo&order_sn=20260101000002&${SHOP_VIEWER}`,
    zh: '订单详情',
    en: 'Order details',
    role: 'article',
  },
] as const;

for (const { route, zh, en, role } of pages) {
  for (const [locale, title] of [
    ['zh-CN', zh],
    ['en', en],
  ] as const) {
    test(`${title}: one heading, the page's h1, names the block (${locale})`, async ({ page }) => {
      await openRoute(page, `${route}&locale=${locale}`);
      // The block is there, named by the page's own title...
      await expect(page.getByRole(role, { name: title })).toBeVisible();
      // ...which is the only heading saying it, an h1, and the page's only h1.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('heading', { name: title, exact: true })).toHaveCount(1);
      await expect(page).toHaveTitle(title);
    });
  }
}

test("the channel page is titled with the channel's name, heading and document title", async ({ page }) => {
  await openRoute(page, '/pages/channel/index?channelToken=showcase');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('livev3 官方频道');
  await expect(page).toHaveTitle('livev3 官方频道');
  // Another page and back: the route's title never wins over the channel's name.
  await page.evaluate(() => (window.location.hash = '#/pages/login/index?channelToken=showcase'));
  await expect(page).toHaveTitle('用户登录');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('livev3 官方频道');
  await expect(page).toHaveTitle('livev3 官方频道');
});

for (const [locale, notFound] of [
  ['zh-CN', '页面不存在'],
  ['en', 'Page not found'],
] as const) {
  test(`an unknown route sets its own title, not the previous page's (${locale})`, async ({ page }) => {
    await openRoute(page, `/pages/channel/index?channelToken=showcase&locale=${locale}`);
    await expect(page).toHaveTitle('livev3 官方频道');
    await page.evaluate(
      (lang) => (window.location.hash = `#/no/such/page?channelToken=showcase&locale=${lang}`),
      locale,
    );
    await expect(page.getByRole('heading', { level: 1, name: notFound })).toBeVisible();
    await expect(page).toHaveTitle(notFound);
  });
}
