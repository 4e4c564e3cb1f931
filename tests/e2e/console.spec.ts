import { devices, type Page } from '@playwright/test';
import { expect, firstScreenReplaced, test } from '../fixtures';
import {
  desktop,
  expectNoAxeViolations,
  signInByEmail as signInOwnerByEmail,
  startFreshConsole,
  type FreshConsole,
} from './console-fresh';

/**
 * The organiser console on a fresh database: `npm run organiser -- create` makes the first owner, a server of this
 * test's own starts on it (the suite's server holds the demo data), the owner signs in with a phone code (the SMS
 * emulator's inbox has it), creates an event with a password and a price, and a viewer of the viewer app meets the
 * password gate, then the price. Desktop viewport; axe-core finds no violation on the console's pages.
 */
test.use(desktop);
test.describe.configure({ mode: 'serial' });

const OWNER_PHONE = '13912345678';
let fresh: FreshConsole;
let base = '';

test.beforeAll(async () => {
  fresh = await startFreshConsole('console', OWNER_PHONE);
  base = fresh.base;
});

test.afterAll(() => fresh?.stop());

/** Signs in as the owner with a phone code read from the SMS emulator's inbox. */
async function signInByPhone(page: Page) {
  await page.goto(`${base}/livev3/console/`);
  await page.getByLabel('手机号').fill(OWNER_PHONE);
  const slider = page.getByRole('slider', { name: '向右滑动完成验证' });
  await slider.focus();
  await slider.press('End');
  await expect(page.getByText('验证通过')).toBeVisible();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status')).toHaveText('验证码已发送');
  const inbox = await (await page.request.get(`${base}/emulator/sms/inbox?phone=${OWNER_PHONE}`)).json();
  const code = (inbox.messages as { params: string[] }[])[0]?.params[0] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Signs in as the owner with a code mailed to the owner's address (the development mail sink keeps it). */
async function signInByEmail(page: Page) {
  await signInOwnerByEmail(page, fresh);
}

test('the owner of a fresh database signs in, creates a gated event, and a viewer meets its gates', async ({
  page,
  browser,
}) => {
  // Sign-in, an event made through the form, and a viewer at each of its gates: 19-27 s on a quiet 2-core machine,
  // past the default 30 s on a busy one.
  test.setTimeout(90_000);
  // The sign-in page in both languages (new baselines: console-sign-in-*).
  await page.goto(`${base}/livev3/console/`);
  await expect(page.getByRole('heading', { name: '登录控制台' })).toBeVisible();
  await expect(page.getByRole('link', { name: '微信扫码登录' })).toBeVisible();
  await expect(page).toHaveScreenshot('console/sign-in-zh-CN.png');
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with WeChat (scan a QR code)' })).toBeVisible();
  await expect(page).toHaveScreenshot('console/sign-in-en.png');
  await expectNoAxeViolations(page);
  await page.getByLabel('Language').selectOption('zh-CN');
  await signInByPhone(page);
  // The one organisation opens at once; the address carries no token.
  await expect(page).toHaveURL(/\/livev3\/console\/o\/\d+\/events$/);
  expect(page.url()).not.toContain('token');
  await expect(page.getByRole('heading', { name: '活动' })).toBeVisible();
  await expect(page.getByText('共 0 个活动')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: '创建活动' }).click();
  await expect(page.getByRole('heading', { name: '创建活动' })).toBeVisible();
  await page.getByLabel('标题').fill('春季发布会');
  await page.getByLabel('开始时间').fill('2030-05-01T19:30');
  await page.getByLabel('观看密码（留空则不需要）').fill('2468');
  await page.getByLabel('价格（元，0 为免费）').fill('9.90');
  // A cover from elsewhere: the server refuses it beside the field, and keeps nothing the organiser typed from them.
  await page.getByLabel('封面图片地址').fill('https://elsewhere.example/cover.jpg');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('封面必须是上传的图片地址').first()).toBeVisible();
  await expect(page.getByLabel('标题')).toHaveValue('春季发布会');
  await expect(page.getByLabel('观看密码（留空则不需要）')).toHaveValue('2468');
  await expectNoAxeViolations(page);
  await page.getByLabel('封面图片地址').fill('');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { name: '编辑活动' })).toBeVisible();
  const link = page.getByRole('link', { name: /\/livev3\/#\/pages\/home\/index\?token=/ });
  const token = ((await link.textContent()) ?? '').split('token=')[1];
  expect(token).toMatch(/^[a-z0-9]{12}$/);

  // The list shows it with its gates, in English too.
  await page.getByRole('link', { name: '返回活动列表' }).click();
  const row = page.getByRole('row').filter({ hasText: '春季发布会' });
  await expect(row).toContainText('¥9.90');
  await expect(row).toContainText('密码 · 付费');
  await expect(page).toHaveScreenshot('console/events-zh-CN.png');
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();
  await expect(row).toContainText('Password · Paid');
  await expect(page).toHaveScreenshot('console/events-en.png');
  await expectNoAxeViolations(page);
  await page.getByLabel('Language').selectOption('zh-CN');

  // A viewer (another browser, not signed in as the owner, who would preview past the gates).
  const viewer = await browser.newContext({
    ...devices['Pixel 7'],
    locale: 'zh-CN',
    baseURL: `${base}/livev3/`,
  });
  const phone = await viewer.newPage();
  const email = `console-viewer-${Date.now()}@e2e.test`;
  const login = await (
    await phone.request.post(`${base}/v3/api/email_anonymous_login`, { data: { email } })
  ).json();
  await phone.addInitScript(
    (session) => window.localStorage.setItem('livev3:auth', session),
    login.data.token,
  );
  await phone.goto(`${base}/livev3/#/pages/home/index?token=${token}`);
  await firstScreenReplaced(phone);
  await expect(phone.getByText('本视频需要密码观看')).toBeVisible();
  await phone.getByRole('button', { name: '输入密码' }).click();
  const popup = phone.getByRole('dialog', { name: '视频密码' });
  await popup.getByLabel('密码').fill('2468');
  await popup.getByRole('button', { name: '观看' }).click();
  await expect(popup).toBeHidden();
  await expect(phone.getByRole('button', { name: '¥9.90 购买' })).toBeVisible();
  await viewer.close();
});

test('two staff saving one event: the later save is told someone else changed it, and keeps its text', async ({
  page,
  browser,
}) => {
  await signInByEmail(page);
  await page.getByRole('link', { name: '春季发布会' }).first().click();
  await expect(page.getByRole('heading', { name: '编辑活动' })).toBeVisible();
  const other = await browser.newContext({ ...desktop });
  const second = await other.newPage();
  const session = await page.evaluate(() => window.localStorage.getItem('livev3:auth') ?? '');
  await second.addInitScript((value) => window.localStorage.setItem('livev3:auth', value), session);
  await second.goto(page.url());
  await second.getByLabel('标题').fill('春季发布会（改期）');
  await second.getByRole('button', { name: '保存' }).click();
  await expect(second.getByRole('status')).toHaveText('已保存');
  await other.close();

  await page.getByLabel('标题').fill('春季发布会（加场）');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toContainText('其他人已修改了这个活动，请查看最新内容后再保存');
  await expect(page.getByLabel('标题')).toHaveValue('春季发布会（加场）');
  await page.getByRole('button', { name: '载入最新内容' }).click();
  await expect(page.getByLabel('标题')).toHaveValue('春季发布会（改期）');
});

test("WeChat's QR sign-in on a desktop: the phone confirms, the console is signed in and the token leaves the address", async ({
  page,
  browser,
}) => {
  await page.goto(`${base}/livev3/console/`);
  await page.getByRole('link', { name: '微信扫码登录' }).click();
  // WeChat's QR page (the emulator's): the QR code, and the scan page it encodes for a phone.
  await expect(page.getByRole('img', { name: 'QR code to scan with WeChat' })).toBeVisible();
  const scanUrl = await page.getByRole('link', { name: 'Open the scan page (sandbox)' }).getAttribute('href');
  const phoneContext = await browser.newContext({ ...devices['iPhone 13'] });
  const phone = await phoneContext.newPage();
  await phone.goto(scanUrl!);
  await phone.getByLabel('WeChat user').fill('console-qr-staff');
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await phoneContext.close();
  // The desktop page goes on by itself: signed in as that WeChat user, who is no organisation's staff yet.
  await expect(page.getByText('这个账号还不是任何主办方的成员')).toBeVisible();
  expect(page.url()).not.toContain('auth_token');
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
});
