/**
 * Development from any address: the test server's PUBLIC_ORIGIN is http://127.0.0.1:<port>, and the app is opened on
 * http://localhost:<port>, as a developer's browser (or a phone on the LAN) opens it on another address than the
 * configured one. The WeChat login (the emulator this server mounts) runs on that address and comes back there
 * logged in. A login the server refuses, opened as a page, comes back to the app with a message, never JSON.
 */
import { expect, test } from '../fixtures';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

/** The app's address on localhost instead of the configured 127.0.0.1. */
const onLocalhost = (baseURL: string | undefined) => {
  const url = new URL(baseURL ?? '');
  expect(url.hostname).toBe('127.0.0.1');
  url.hostname = 'localhost';
  return url;
};

test.describe('inside WeChat, the app opened on another address than PUBLIC_ORIGIN', () => {
  test.use({ userAgent: WECHAT_UA });

  test('the WeChat login runs on that address and comes back there logged in', async ({ page, baseURL }) => {
    const app = onLocalhost(baseURL);
    const name = `e2e-any-${Date.now().toString(36)}`;
    // The user centre needs a login: inside WeChat it opens WeChat's login at once.
    await page.goto(`${app.href}#/pages/user/index?token=demo`);
    await expect(page).toHaveURL(
      new RegExp(`^${app.origin.replace(/\./g, '\\.')}/emulator/wechat/open/connect/oauth2/authorize\\?`),
    );
    const redirectUri = new URL(page.url()).searchParams.get('redirect_uri') ?? '';
    expect(new URL(redirectUri).origin).toBe(app.origin);
    await page.getByLabel('WeChat user').fill(name);
    await page.getByRole('button', { name: 'Authorise' }).click();
    await expect(page).toHaveURL(
      new RegExp(`^${app.href.replace(/\./g, '\\.')}#/pages/user/index\\?token=demo`),
    );
    await expect.poll(() => page.url()).not.toContain('auth_token=');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('livev3:auth:demo'))).toBeTruthy();
    await expect(page.getByText(`WeChat ${name}`)).toBeVisible();
  });
});

test('a refused login opened as a page comes back to the app with a message, not JSON', async ({
  page,
  baseURL,
}) => {
  const app = onLocalhost(baseURL);
  const callback = `http://elsewhere.test/livev3/#/pages/home/index?token=demo`;
  await page.goto(`${app.origin}/v3/api/user/login/wx?${new URLSearchParams({ callback, token: 'demo' })}`);
  // Back on this address (never the refused one), the reason in the viewer's language, the address cleaned.
  await expect(page).toHaveURL(
    new RegExp(`^${app.href.replace(/\./g, '\\.')}#/pages/home/index\\?token=demo$`),
  );
  const notice = page.getByRole('alertdialog');
  await expect(notice).toContainText('无法从当前打开的地址完成微信登录');
  await expect(page.getByText('"xcode"')).toHaveCount(0);
  await notice.getByRole('button').click();
  await expect(notice).toBeHidden();
});
