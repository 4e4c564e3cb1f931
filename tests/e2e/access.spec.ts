/**
 * Access gates and payment in the browser, against the reference server and its WeChat sandbox. Each test logs in a
 * fresh viewer (e-mail anonymous login) and uses the e2e-only events (secret-e2e, paid-e2e, info-e2e), so what it
 * unlocks or buys never changes what screenshots show and a retry starts clean.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

/** A new viewer for this test, stored the way the app stores a login for this event. */
async function loginAsNewViewer(page: Page, request: APIRequestContext, videoToken: string) {
  const email = `access-${Date.now()}-${Math.random().toString(36).slice(2)}@e2e.test`;
  const answer = await (await request.post('/v3/api/email_anonymous_login', { data: { email } })).json();
  expect(answer.xcode).toBe(200);
  await page.addInitScript(
    ([key, token]) => window.localStorage.setItem(key, token),
    [`livev3:auth:${videoToken}`, answer.data.token as string],
  );
}

/** Inside WeChat a payer is a WeChat user: the login check sends the browser to WeChat's authorise page. */
async function loginThroughWechat(page: Page, videoToken: string) {
  await openRoute(page, `/pages/home/index?token=${videoToken}`);
  const back = page.url();
  await page.goto(
    `/v3/api/user/login/wx?callback=${encodeURIComponent(back)}&token=${videoToken}&auth_token=none`,
  );
  await page
    .getByLabel('WeChat user')
    .fill(`access-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`);
  await page.getByRole('button', { name: 'Authorise' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pages/home/index\\?token=${videoToken}`));
  await expect(page.getByRole('button', { name: '¥1.00 购买' })).toBeVisible();
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

test.describe('outside WeChat', () => {
  test('wrong then right video password: a clear message, then it plays, remembered on reload', async ({
    page,
    request,
  }) => {
    await loginAsNewViewer(page, request, 'secret-e2e');
    await openRoute(page, '/pages/home/index?token=secret-e2e');
    await expect(page.getByText('本视频需要密码观看')).toBeVisible();
    await page.getByRole('button', { name: '输入密码' }).click();
    const popup = page.getByRole('dialog', { name: '视频密码' });
    const input = popup.getByLabel('密码');
    await expect(input).toBeFocused();
    await input.fill('0000');
    await popup.getByRole('button', { name: '观看' }).click();
    await expect(popup.getByRole('alert')).toHaveText('密码错误，请重新输入');
    await expect(page.getByTestId('player-video')).toHaveCount(0);

    await input.fill('1234');
    await popup.getByRole('button', { name: '观看' }).click();
    await expect(popup).toBeHidden();
    await expectPlaying(page);

    await page.reload();
    await expectPlaying(page);
    await expect(page.getByTestId('access-gate')).toHaveCount(0);
  });

  test('information form blocks with both messages, then unlocks', async ({ page, request }) => {
    await loginAsNewViewer(page, request, 'info-e2e');
    await openRoute(page, '/pages/home/index?token=info-e2e&locale=en');
    await page.getByRole('button', { name: 'Fill in information' }).click();
    const form = page.getByRole('dialog', { name: 'Information form' });
    await expect(form.getByLabel('Mobile phone')).toHaveAttribute('placeholder', /country code/);
    const submit = form.getByRole('button', { name: 'Submit and watch' });

    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in your name and mobile phone number~');
    await form.getByLabel('Name').fill('Li Lei');
    await form.getByLabel('Mobile phone').fill('+86 13912345678');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in the company~');
    await expect(page.getByTestId('player-video')).toHaveCount(0);

    await form.getByLabel('Company').fill('Acme');
    await form.getByLabel('Position').fill('Engineer');
    await form.getByLabel('Remark').fill('Hello');
    await form.getByLabel('I agree to be contacted by target clients').check();
    await submit.click();
    await expect(form).toBeHidden();
    await expectPlaying(page);
  });

  test('H5 payment: the sandbox page, back to the app, order checked, plays', async ({ page, request }) => {
    await loginAsNewViewer(page, request, 'paid-e2e');
    await openRoute(page, '/pages/home/index?token=paid-e2e');
    await page.getByRole('button', { name: '¥1.00 购买' }).click();
    await page.getByRole('dialog', { name: '付费观看' }).getByRole('button', { name: '支付 ¥1.00' }).click();
    await expect(page).toHaveURL(/\/emulator\/wechat\/pay\/h5\?/);
    await expect(page.getByText('¥1.00')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page).toHaveURL(/#\/pages\/home\/index\?token=paid-e2e/);
    await expectPlaying(page);
  });

  test('H5 payment cancelled: back in the app with the cancelled notice', async ({ page, request }) => {
    await loginAsNewViewer(page, request, 'paid-e2e');
    await openRoute(page, '/pages/home/index?token=paid-e2e');
    await page.getByRole('button', { name: '¥1.00 购买' }).click();
    await page.getByRole('button', { name: '支付 ¥1.00' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('提示：您已取消支付');
    await expect(notice.getByRole('button')).toHaveCount(1);
    await notice.getByRole('button').click();
    await expect(page.getByTestId('access-gate')).toBeVisible();
  });

  test('a fatal stream error shows the retry UI, and retry recovers', async ({ page }) => {
    await page.route('**/streams/live/**', (route) => route.abort('connectionfailed'));
    await openRoute(page, '/pages/home/index?token=demo');
    const failure = page.getByTestId('player').getByRole('alert');
    await expect(failure).toContainText('网络', { timeout: 20_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await failure.getByRole('button', { name: '重试' }).click();
    await expect(failure).toBeHidden();
    await expectPlaying(page);
  });
});

test.describe('in WeChat (emulator: authorise page, JS-SDK shim)', () => {
  test.use({ userAgent: WECHAT_UA });

  test('paid video bought through the JSAPI sheet, then plays', async ({ page }) => {
    await loginThroughWechat(page, 'paid-e2e');
    await page.getByRole('button', { name: '¥1.00 购买' }).click();
    await page.getByRole('button', { name: '支付 ¥1.00' }).click();
    const sheet = page.getByRole('dialog', { name: 'WeChat Pay sandbox' });
    await sheet.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(sheet).toBeHidden();
    await expectPlaying(page);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('cancelled payment shows the notice with no cancel button and keeps the gate', async ({ page }) => {
    await loginThroughWechat(page, 'paid-e2e');
    await page.getByRole('button', { name: '¥1.00 购买' }).click();
    await page.getByRole('button', { name: '支付 ¥1.00' }).click();
    await page
      .getByRole('dialog', { name: 'WeChat Pay sandbox' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    const notice = page.getByRole('alertdialog');
    await expect(notice).toContainText('提示：您已取消支付');
    await expect(notice.getByRole('button')).toHaveCount(1);
    await expect(page.getByTestId('player-video')).toHaveCount(0);
  });

  test('wrong then right password in WeChat', async ({ page, request }) => {
    await loginAsNewViewer(page, request, 'secret-e2e');
    await openRoute(page, '/pages/home/index?token=secret-e2e');
    await page.getByRole('button', { name: '输入密码' }).click();
    const popup = page.getByRole('dialog', { name: '视频密码' });
    await popup.getByLabel('密码').fill('9999');
    await popup.getByRole('button', { name: '观看' }).click();
    await expect(popup.getByRole('alert')).toHaveText('密码错误，请重新输入');
    await popup.getByLabel('密码').fill('1234');
    await popup.getByRole('button', { name: '观看' }).click();
    await expectPlaying(page);
  });
});
