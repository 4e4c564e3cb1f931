import { expect, openRoute, test } from '../fixtures';

/**
 * A newcomer on a local server logs in without reading the server's code: outside production the login form shows
 * the code it sent in a notice labelled as a development aid (the server answers it as `dev_code`; production never
 * does, proven in server/accounts/dev-codes.test.ts). Nothing here reads /dev/sms/last or /dev/mail/last.
 */
const run = Date.now().toString(36);
const phone = `137${(Date.now() % 1e8).toString().padStart(8, '0')}`;

test('phone login: the code sent shows in the development notice and logs in', async ({ page }) => {
  await openRoute(page, '/pages/login/index?token=demo&locale=en');
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Mobile number').fill(phone);
  await expect(form.getByRole('note', { name: 'Development aid' })).toHaveCount(0);
  const slider = page.getByRole('slider');
  await slider.focus();
  await slider.press('End');
  await expect(page.getByRole('status').filter({ hasText: 'Verified' })).toBeVisible();
  await form.getByRole('button', { name: 'Get code' }).click();

  const notice = form.getByRole('note', { name: 'Development aid' });
  await expect(notice).toContainText('Development aid');
  await expect(notice).toContainText(
    `No text message is sent outside production. The code sent to ${phone} is:`,
  );
  await expect(notice).toContainText('Never shown in production.');
  const code = await notice.locator('output').textContent();
  expect(code).toMatch(/^\d{6}$/);

  await form.getByLabel('Verification code').fill(code!);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/index\?token=demo/);
});

test('e-mail login of an existing account: the mailed code shows in the development notice (zh-CN)', async ({
  page,
  request,
}) => {
  const email = `dev-notice-${run}@e2e.test`;
  expect(
    (await (await request.post('/v3/api/email_anonymous_login', { data: { email } })).json()).xcode,
  ).toBe(200);
  await openRoute(page, '/pages/login/index?token=demo');
  await page.getByRole('tab', { name: '邮箱登录' }).click();
  const form = page.getByRole('tabpanel');
  await form.getByLabel('邮箱').fill(email);
  await form.getByLabel('昵称').fill('notice');
  await form.getByRole('button', { name: '登录' }).click();

  const notice = form.getByRole('note', { name: '开发辅助' });
  await expect(notice).toContainText(`发送到 ${email} 的验证码是：`);
  await expect(notice).toContainText('生产环境不会显示。');
  const code = await notice.locator('output').textContent();
  expect(code).toMatch(/^\d{6}$/);

  await form.getByLabel('验证码').fill(code!);
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/index/);
});
