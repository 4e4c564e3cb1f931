import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

/**
 * Phone codes through the SMS provider: the server texts the code with the provider's SDK to the provider's emulator
 * (server/sms/emulator.ts), and the test reads it from the emulator's inbox, as the viewer reads their phone, not
 * from the app's answer. A refusal of the provider (a switch aimed at this test's own number) reaches the viewer.
 */
let serial = 0;
/** A number no other test texts (the provider and the server limit texts per number). */
const freshPhone = () =>
  `137${(Date.now() % 1e6).toString().padStart(6, '0')}${(serial++ % 100).toString().padStart(2, '0')}`;

type ReceivedText = { phone: string; text: string; params: string[] };
const inbox = async (request: APIRequestContext, phone: string) =>
  (await (await request.get(`/emulator/sms/inbox?phone=${phone}`)).json()).messages as ReceivedText[];

/** The login page's phone form: the number, the slide check (moved with the keyboard), then "get code". */
async function askForCode(page: Page, phone: string) {
  await openRoute(page, '/pages/login/index?token=demo&locale=zh-CN');
  const form = page.getByRole('tabpanel');
  await form.getByLabel('手机号').fill(phone);
  const slider = page.getByRole('slider');
  await slider.focus();
  await slider.press('End');
  await expect(page.getByRole('status').filter({ hasText: '验证通过' })).toBeVisible();
  await form.getByRole('button', { name: '获取验证码' }).click();
  return form;
}

test('phone login with the code the provider texted', async ({ page, request }) => {
  const phone = freshPhone();
  const form = await askForCode(page, phone);
  await expect(form.getByRole('button', { name: /\d+/ })).toBeDisabled();
  await expect.poll(async () => (await inbox(request, phone)).length).toBe(1);
  const [text] = await inbox(request, phone);
  expect(text.phone).toBe(`+86${phone}`);
  expect(text.text).toMatch(/^【livev3】您的登录验证码是\d{6}，5分钟内有效。$/);
  await form.getByLabel('验证码').fill(text.params[0]);
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/index\?token=demo/);
  expect(await page.evaluate(() => localStorage.getItem('livev3:auth:demo'))).toBeTruthy();
});

test("the provider's hourly limit on the number is told to the viewer, and nothing arrives", async ({
  page,
  request,
}) => {
  const phone = freshPhone();
  const control = await request.post('/emulator/sms/control', {
    data: { phone, fail: 'LimitExceeded.PhoneNumberOneHourLimit' },
  });
  expect(control.ok()).toBe(true);
  const form = await askForCode(page, phone);
  await expect(form.getByRole('alert')).toHaveText('该手机号 1 小时内接收的短信已达上限，请 1 小时后再试');
  // The resend countdown follows the provider's limit: an hour.
  await expect(form.getByRole('button', { name: /^(3600|359\d) 秒后重发$/ })).toBeDisabled();
  expect(await inbox(request, phone)).toEqual([]);
});
