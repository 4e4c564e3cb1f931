/**
 * WeChat for real, in the browser: the production login and payment code against the local WeChat emulator (the
 * test server has no WeChat credentials, so its base URLs point at the emulator). WeChat's user agent, the authorise
 * page, back on the event logged in; JSAPI payment; a declined payment; H5 payment outside WeChat through WeChat
 * Pay's h5_url and back; a red packet that expires and whose unclaimed rest is refunded to its sender. Each test is
 * its own WeChat user on an e2e-only event.
 */
import type { Page } from '@playwright/test';
import { expect, openRoute, sendRedPacket, test } from '../fixtures';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

const subject = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** On WeChat's authorise page: authorise as `name`; back on the event page with the session taken in. */
async function authorise(page: Page, token: string, name = subject()) {
  await expect(page).toHaveURL(/\/emulator\/wechat\/open\/connect\/oauth2\/authorize\?appid=/);
  await page.getByLabel('WeChat user').fill(name);
  await page.getByRole('button', { name: 'Authorise' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pages/home/index\\?token=${token}`));
  // The session arrived and was taken out of the address at once.
  await expect.poll(() => page.url()).not.toContain('auth_token=');
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), `livev3:auth:${token}`))
    .toBeTruthy();
  return name;
}

/** Opens the event in WeChat and logs in through the login entry the app uses (WeChat's redirect flow). */
async function loginThroughWechat(page: Page, token: string, name = subject()) {
  await openRoute(page, `/pages/home/index?token=${token}`);
  const back = page.url();
  await page.goto(
    `/v3/api/user/login/wx?callback=${encodeURIComponent(back)}&token=${token}&auth_token=none`,
  );
  return authorise(page, token, name);
}

async function expectPlaying(page: Page) {
  const video = page.getByTestId('player-video');
  await expect(video).toBeVisible({ timeout: 15_000 });
  const cover = page.getByRole('button', { name: /点击播放|Tap to play/ });
  if (await cover.isVisible().catch(() => false)) await cover.click();
  await expect
    .poll(async () => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
}

test.describe('inside WeChat', () => {
  test.use({ userAgent: WECHAT_UA });

  test('buy without a login: authorise, back on the event logged in, the JSAPI sheet opens, pay, it plays', async ({
    page,
  }) => {
    await openRoute(page, '/pages/home/index?token=paid-e2e');
    await page.getByRole('button', { name: '¥1.00 购买' }).click();
    await page.getByRole('button', { name: '支付 ¥1.00' }).click();
    // The pay call needs a login: WeChat's authorise page, then the remembered call runs once and pays.
    await authorise(page, 'paid-e2e');
    const sheet = page.getByRole('dialog', { name: 'WeChat Pay sandbox' });
    await sheet.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    // The gate does not refresh by itself after a payment replayed by the login flow: the page shows it on load.
    await page.reload();
    await expectPlaying(page);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('a declined payment shows the cancelled notice and keeps the gate', async ({ page, request }) => {
    const viewer = await loginThroughWechat(page, 'paid-e2e');
    // Only this viewer's payment: other tests pay in the same sandbox meanwhile.
    await request.post('/emulator/wechat/control', { data: { declineNextPaymentOf: viewer } });
    await page.getByRole('button', { name: '¥1.00 购买' }).click();
    await page.getByRole('button', { name: '支付 ¥1.00' }).click();
    await page
      .getByRole('dialog', { name: 'WeChat Pay sandbox' })
      .getByRole('button', { name: 'Confirm payment' })
      .click();
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('提示：您已取消支付');
    await expect(notice.getByRole('button')).toHaveCount(1);
    await expect(page.getByTestId('player-video')).toHaveCount(0);
  });

  test('a red packet expires and its unclaimed rest arrives back with the sender', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const chatRoom = (on: Page) => on.getByTestId('chat-room');
    const sender = await loginThroughWechat(page, 'chat-e2e');
    const greeting = `过期红包 ${sender}`;
    await expect(chatRoom(page).getByRole('log')).toBeVisible({ timeout: 15_000 });
    // Every share is at least 0.10 (the least WeChat Pay transfers): three shares of 0.30 are 0.10 each.
    await sendRedPacket(page, { total: '0.30', count: 3, greeting });
    const card = (on: Page) =>
      chatRoom(on)
        .getByRole('button', { name: /的红包/ })
        .filter({ hasText: greeting });
    await expect(card(page)).toBeVisible();

    // Another WeChat user grabs one of the three shares; two (¥0.20) stay unclaimed.
    const other = await (await browser.newContext({ userAgent: WECHAT_UA })).newPage();
    await loginThroughWechat(other, 'chat-e2e');
    await card(other).click();
    await expect(other.getByTestId('red-packet-outcome')).toHaveText('你抢到了 ¥0.10');

    // A day passes: the development server lets the sender's packet reach its expiry now.
    const token = await page.evaluate(() => localStorage.getItem('livev3:auth:chat-e2e'));
    const history = await page.request.post('/v3/api/chat/get/msg', { data: { token: 'chat-e2e' } });
    const lines = ((await history.json()) as { data: { list: { content: string; packet_id: number }[] } })
      .data.list;
    const id = lines.find((line) => line.content === greeting)?.packet_id;
    const expired = await page.request.post('/dev/redpack/expire', {
      data: { id },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.status()).toBe(200);

    // The sender opens it: expired, the rest on its way back; then WeChat Pay's refund arrives.
    await card(page).click();
    await expect(page.getByTestId('red-packet-outcome')).toHaveText('红包已过期');
    const refund = page.getByTestId('red-packet-refund');
    await expect(refund).toBeVisible();
    // The sender looks again (closes and reopens the packet) until the refund has gone through.
    await expect(async () => {
      await page.getByRole('dialog', { name: '红包详情' }).getByRole('button', { name: '关闭' }).click();
      await card(page).click();
      await expect(refund).toHaveAttribute('data-state', 'success', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(refund).toHaveText('未领取的 ¥0.20 已退回你的微信零钱');

    // The other viewer sees its own share, never the sender's refund.
    await other.getByRole('button', { name: '关闭', exact: true }).click();
    await card(other).click();
    await expect(other.getByTestId('red-packet-outcome')).toHaveText('你抢到了 ¥0.10');
    await expect(other.getByTestId('red-packet-refund')).toHaveCount(0);
    await other.context().close();
  });

  test('a forged login state gets the error page, not a session', async ({ page }) => {
    await page.goto('/v3/api/user/login/wx/callback?code=x&state=forged.state');
    await expect(page.getByRole('heading', { name: /Login failed/ })).toBeVisible();
  });
});

test.describe('outside WeChat', () => {
  test('H5: WeChat Pay h5_url, pay, back in the app, the order checked, it plays', async ({
    page,
    request,
  }) => {
    const email = `wechat-${subject()}@e2e.test`;
    const answer = await (await request.post('/v3/api/email_anonymous_login', { data: { email } })).json();
    test.skip(answer.xcode !== 200, 'e-mail login needs a code now');
    await page.addInitScript(
      ([key, token]) => window.localStorage.setItem(key, token),
      ['livev3:auth:paid-e2e', answer.data.token as string],
    );
    await openRoute(page, '/pages/home/index?token=paid-e2e');
    await page.getByRole('button', { name: '¥1.00 购买' }).click();
    await page.getByRole('dialog', { name: '付费观看' }).getByRole('button', { name: '支付 ¥1.00' }).click();
    await expect(page).toHaveURL(/\/emulator\/wechat\/pay\/h5\?prepay_id=wx[0-9a-f]+&redirect_url=/);
    await expect(page.getByText('¥1.00')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page).toHaveURL(/#\/pages\/home\/index\?token=paid-e2e/);
    await expectPlaying(page);
  });
});
