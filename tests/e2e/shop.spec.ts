/**
 * The shop in the browser against the reference server and its WeChat emulator: buying inside WeChat (JSAPI sheet) and
 * outside it (H5 page), paying later from my orders, adding and changing addresses, an unpaid order expiring and
 * giving its stock back, and the organiser's download with and without permission. Each test logs in a fresh viewer
 * and buys the e2e products of event `shop-e2e` (server/seed/shop.ts), never what screenshots show.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const EVENT = 'shop-e2e';
const ORGANISER_TOKEN = 'shop-organiser-7003';

type Viewer = { token: string; headers: Record<string, string> };

/** A new viewer, stored the way the app stores a login for the shop's event. */
async function newViewer(page: Page, request: APIRequestContext): Promise<Viewer> {
  const email = `shop-${Date.now()}-${Math.random().toString(36).slice(2)}@e2e.test`;
  const answer = await (await request.post('/v3/api/email_anonymous_login', { data: { email } })).json();
  expect(answer.xcode).toBe(200);
  const token = answer.data.token as string;
  await storeLogin(page, token);
  return { token, headers: { authorization: `Bearer ${token}` } };
}

async function storeLogin(page: Page, token: string) {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [`livev3:auth:${EVENT}`, token],
  );
}

/** The WeChat login (the emulator's authorise page) that a login-required shop page starts inside WeChat. */
async function wechatViewer(page: Page): Promise<Viewer> {
  await openRoute(page, `/pages/shop/product/index?token=${EVENT}&id=23`);
  await page.locator('#authorise').click();
  const key = `livev3:auth:${EVENT}`;
  await expect.poll(() => page.evaluate((name) => localStorage.getItem(name), key)).toBeTruthy();
  const token = (await page.evaluate((name) => localStorage.getItem(name), key)) ?? '';
  return { token, headers: { authorization: `Bearer ${token}` } };
}

async function addAddress(request: APIRequestContext, viewer: Viewer, name = '张三') {
  const answer = await (
    await request.post('/v2/api/product/address/save', {
      headers: viewer.headers,
      data: {
        name,
        phone: '13800001234',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        detail: '文三路 1 号',
      },
    })
  ).json();
  expect(answer.xcode).toBe(200);
  return answer.data.id as number;
}

async function placeOrder(request: APIRequestContext, viewer: Viewer, productId: number, addressId: number) {
  const answer = await (
    await request.post('/v2/api/order/product/save', {
      headers: viewer.headers,
      data: {
        product_id: productId,
        quantity: 1,
        address_id: addressId,
        idempotency_key: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      },
    })
  ).json();
  expect(answer.xcode).toBe(200);
  return answer.data.order_sn as string;
}

async function checkout(page: Page, productId: number) {
  await openRoute(page, `/pages/shop/product/index?token=${EVENT}&id=${productId}`);
  await page.getByRole('button', { name: '立即购买' }).click();
  await page.getByRole('button', { name: '增加数量' }).click();
  await expect(page.getByText('¥2.00')).toBeVisible();
  await page.getByRole('button', { name: '提交订单并支付' }).click();
}

test.describe('outside WeChat (H5)', () => {
  test('buy: checkout, the H5 payment page, back on the order, paid', async ({ page, request }) => {
    const viewer = await newViewer(page, request);
    await addAddress(request, viewer);
    await checkout(page, 21);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page).toHaveURL(/#\/pages\/user\/order\/detail\/index\?/);
    await expect(page.getByRole('article', { name: '订单详情' })).toBeVisible();
    await expect(page.getByText('待发货')).toBeVisible();
    await expect(page.getByText('浙江省杭州市西湖区文三路 1 号')).toBeVisible();
  });

  test('the quantity and the product survive adding an address from the checkout; paying buys that many', async ({
    page,
    request,
  }) => {
    await newViewer(page, request);
    await openRoute(page, `/pages/shop/product/index?token=${EVENT}&id=21`);
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.getByRole('button', { name: '增加数量' }).click();
    await expect(page.getByText('¥2.00')).toBeVisible();
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await page.getByLabel('收货人').fill('赵六');
    await page.getByLabel('手机号').fill('13700001234');
    await page.getByLabel('省份').selectOption('北京市');
    await page.getByLabel('城市').selectOption('市辖区');
    await page.getByLabel('区县').selectOption('朝阳区');
    await page.getByLabel('详细地址').fill('建国路 3 号');
    await page.getByRole('button', { name: '保存' }).click();

    await expect(page).toHaveURL(/#\/pages\/shop\/checkout\/index\?/);
    await expect(page.getByRole('group', { name: '数量' }).locator('output')).toHaveText('2');
    await expect(page.getByText('¥2.00')).toBeVisible();
    await expect(page.getByRole('radio', { name: /赵六/ })).toBeChecked();
    await page.getByRole('button', { name: '提交订单并支付' }).click();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page).toHaveURL(/#\/pages\/user\/order\/detail\/index\?/);
    await expect(page.getByText('× 2')).toBeVisible();
    await expect(page.getByText('北京市朝阳区建国路 3 号')).toBeVisible();
  });

  test('opened at another loopback address than the public one, the H5 payment page still comes back', async ({
    page,
    request,
    baseURL,
  }) => {
    const viewer = await newViewer(page, request);
    await addAddress(request, viewer);
    // The suite's server calls itself 127.0.0.1 (PUBLIC_ORIGIN); the viewer typed localhost.
    const app = new URL('/livev3/', baseURL);
    app.hostname = 'localhost';
    await page.addInitScript(() => {
      (window as { __livev3Suite?: boolean }).__livev3Suite = true;
      document.documentElement.dataset.animations = 'off';
    });
    await page.goto(`${app}#/pages/shop/product/index?token=${EVENT}&id=21`);
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.getByRole('button', { name: '提交订单并支付' }).click();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page).toHaveURL(new RegExp(`^${app.origin}/livev3/#/pages/user/order/detail/index\\?`));
    await expect(page.getByText('待发货')).toBeVisible();
  });

  test('pay later from my orders', async ({ page, request }) => {
    const viewer = await newViewer(page, request);
    const orderSn = await placeOrder(request, viewer, 21, await addAddress(request, viewer));
    await openRoute(page, `/pages/user/order/index?token=${EVENT}&state=pending`);
    await expect(page.getByRole('tab', { name: '待支付' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`订单号 ${orderSn}`)).toBeVisible();
    await page.getByRole('button', { name: '去支付' }).click();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page).toHaveURL(new RegExp(`order_sn=${orderSn}`));
    await expect(page.getByText('待发货')).toBeVisible();
    await openRoute(page, `/pages/user/order/index?token=${EVENT}&state=paid`);
    await expect(page.getByText(`订单号 ${orderSn}`)).toBeVisible();
  });

  test('add an address (required fields checked), then change the address of an unshipped order', async ({
    page,
    request,
  }) => {
    const viewer = await newViewer(page, request);
    const orderSn = await placeOrder(request, viewer, 21, await addAddress(request, viewer, '张三'));
    await openRoute(page, `/pages/user/address/index?token=${EVENT}`);
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('收货人不能为空！')).toBeVisible();
    await page.getByLabel('收货人').fill('李四');
    await page.getByLabel('手机号').fill('13900001234');
    await page.getByLabel('省份').selectOption('北京市');
    await page.getByLabel('城市').selectOption('市辖区');
    await page.getByLabel('区县').selectOption('海淀区');
    await page.getByLabel('详细地址').fill('中关村大街 2 号');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('北京市海淀区中关村大街 2 号')).toBeVisible();

    await openRoute(page, `/pages/user/order/detail/index?token=${EVENT}&order_sn=${orderSn}`);
    await expect(page.getByText('浙江省杭州市西湖区文三路 1 号')).toBeVisible();
    await page.getByRole('button', { name: '修改地址' }).click();
    await page
      .getByRole('listitem')
      .filter({ hasText: '李四' })
      .getByRole('button', { name: '使用此地址' })
      .click();
    await expect(page).toHaveURL(new RegExp(`order_sn=${orderSn}`));
    await expect(page.getByText('北京市海淀区中关村大街 2 号')).toBeVisible();
  });

  test('an unpaid order expires and its stock returns', async ({ page, request }) => {
    // Two pages are checked while the order is held, then the expiry is waited for.
    test.slow();
    const viewer = await newViewer(page, request);
    // Product 22: stock 1, an unpaid order holds it for 12 seconds (5 were less than two page loads on a busy machine).
    const orderSn = await placeOrder(request, viewer, 22, await addAddress(request, viewer));
    await openRoute(page, `/pages/shop/product/index?token=${EVENT}&id=22`);
    await expect(page.getByText('已售罄')).toBeVisible();
    await expect(page.getByRole('button', { name: '立即购买' })).toBeDisabled();
    await openRoute(page, `/pages/user/order/detail/index?token=${EVENT}&order_sn=${orderSn}`);
    await expect(page.getByText('待支付')).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('已取消')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: '去支付' })).toHaveCount(0);
    await openRoute(page, `/pages/shop/product/index?token=${EVENT}&id=22`);
    await expect(page.getByText(/库存 1/)).toBeVisible();
  });

  test('download: the organiser gets an .xlsx, a viewer without permission is told so', async ({
    page,
    request,
    browser,
  }) => {
    await newViewer(page, request);
    await openRoute(page, `/pages/user/download/index?token=${EVENT}`);
    await page
      .getByRole('listitem')
      .filter({ hasText: '订单' })
      .getByRole('button', { name: '下载' })
      .click();
    await expect(page.getByText('没有下载权限')).toBeVisible();

    const organiser = await browser.newPage();
    await storeLogin(organiser, ORGANISER_TOKEN);
    await openRoute(organiser, `/pages/user/download/index?token=${EVENT}`);
    const [download] = await Promise.all([
      organiser.waitForEvent('download'),
      organiser
        .getByRole('listitem')
        .filter({ hasText: '订单' })
        .getByRole('button', { name: '下载' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('订单.xlsx');
    const stream = await download.createReadStream();
    const head = await new Promise<Buffer>((resolve) =>
      stream.once('data', (chunk) => resolve(chunk as Buffer)),
    );
    expect(head.subarray(0, 2).toString()).toBe('PK');
    await organiser.close();
  });
});

test.describe('in WeChat (JSAPI through the WeChat emulator)', () => {
  test.use({ userAgent: WECHAT_UA });

  test('buy through the JSAPI sheet', async ({ page, request }) => {
    const viewer = await wechatViewer(page);
    await addAddress(request, viewer);
    await checkout(page, 23);
    const sheet = page.getByRole('dialog', { name: 'WeChat Pay sandbox' });
    await sheet.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/#\/pages\/user\/order\/detail\/index\?/);
    await expect(page.getByText('待发货')).toBeVisible();
  });

  test('cancelled payment: the notice, and the order waits in my orders', async ({ page, request }) => {
    const viewer = await wechatViewer(page);
    await addAddress(request, viewer);
    await checkout(page, 23);
    await page
      .getByRole('dialog', { name: 'WeChat Pay sandbox' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('提示：您已取消支付');
    await expect(notice.getByRole('button')).toHaveCount(1);
    await notice.getByRole('button').click();
    await expect(page.getByRole('tab', { name: '待支付' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: '去支付' }).first()).toBeVisible();
  });

  test('download inside WeChat explains how to open the system browser', async ({ page }) => {
    await storeLogin(page, ORGANISER_TOKEN);
    await openRoute(page, `/pages/user/download/index?token=${EVENT}`);
    await page
      .getByRole('listitem')
      .filter({ hasText: '订单' })
      .getByRole('button', { name: '下载' })
      .click();
    await expect(page.getByRole('alertdialog')).toContainText('在浏览器打开');
  });
});
