/**
 * A grabbed red-packet share on its way to the grabber's WeChat balance, in WeChat against the local emulator: the
 * grabber sees it waiting for their confirmation, confirms receipt on WeChat's confirmation page (the JS-SDK's
 * requestMerchantTransfer) and then sees it received; nothing says received before. Each test is its own pair of
 * WeChat users on the e2e-only chat event.
 */
import type { Page } from '@playwright/test';
import { expect, openRoute, sendRedPacket, test } from '../fixtures';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const EVENT = 'chat-e2e';

const subject = () => `rp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const chatRoom = (page: Page) => page.getByTestId('chat-room');

/** Opens the event in WeChat and logs in as a new WeChat user through the emulator's authorise page. */
async function wechatViewer(page: Page) {
  await openRoute(page, `/pages/home/index?token=${EVENT}`);
  const back = page.url();
  await page.goto(
    `/v3/api/user/login/wx?callback=${encodeURIComponent(back)}&token=${EVENT}&auth_token=none`,
  );
  await page.getByLabel('WeChat user').fill(subject());
  await page.getByRole('button', { name: 'Authorise' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pages/home/index\\?token=${EVENT}`));
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), `livev3:auth:${EVENT}`))
    .toBeTruthy();
  await expect(chatRoom(page).getByRole('log')).toBeVisible({ timeout: 15_000 });
}

test.use({ userAgent: WECHAT_UA });

test('a grabbed share waits for the grabber to confirm receipt in WeChat, then is received', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await wechatViewer(page);
  const greeting = `到账红包 ${subject()}`;
  await sendRedPacket(page, { total: '0.30', count: 3, greeting });

  const grabber = await (await browser.newContext({ userAgent: WECHAT_UA })).newPage();
  await wechatViewer(grabber);
  await chatRoom(grabber)
    .getByRole('button', { name: /的红包/ })
    .filter({ hasText: greeting })
    .click();
  await expect(grabber.getByTestId('red-packet-outcome')).toHaveText('你抢到了 ¥0.10');

  // The transfer reaches WeChat and waits for the grabber: pending, never "received" yet.
  const payout = grabber.getByTestId('red-packet-payout');
  await expect(payout).toHaveAttribute('data-state', 'wait_user_confirm', { timeout: 30_000 });
  await expect(payout).toContainText('请确认收款');
  await expect(grabber.getByText('已转入你的微信零钱')).toHaveCount(0);

  // WeChat's confirmation page: the grabber confirms receipt, the money is in their balance.
  await payout.getByRole('button', { name: '确认收款' }).click();
  await grabber
    .getByRole('dialog', { name: 'WeChat transfer sandbox' })
    .getByRole('button', { name: 'Confirm receipt' })
    .click();
  await expect(payout).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
  await expect(payout).toHaveText('已转入你的微信零钱');
  await grabber.context().close();
});
