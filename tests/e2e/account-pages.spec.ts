import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

/**
 * The account pages' main flows in zh-CN and en, each with a fresh viewer of its own (e-mail login), so nothing a
 * screenshot shows changes: favourites, information, user centre, phone, complaint with an image through the local
 * upload host, VIP bought through the H5 payment (WeChat Pay's page of the emulator), scan, diagnostics and the
 * mini-program jump. Favourites are saved through the API: no page shows the save button yet (video cards and player
 * pages get it), so removing is what goes through the UI here.
 */
const run = Date.now().toString(36);

async function loginAsNewViewer(page: Page, request: APIRequestContext, name: string): Promise<string> {
  const email = `${name}-${run}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const answer = await (
    await request.post('/v3/api/email_anonymous_login', { data: { email, nickname: name } })
  ).json();
  await page.addInitScript(
    (token) => localStorage.setItem('livev3:auth:demo', token),
    answer.data.token as string,
  );
  return answer.data.token as string;
}

for (const locale of ['zh-CN', 'en'] as const) {
  const zh = locale === 'zh-CN';
  test(`favourites: a saved video is listed and removed from the collection page (${locale})`, async ({
    page,
    request,
  }) => {
    const token = await loginAsNewViewer(page, request, 'fav');
    await request.post('/v3/api/user/collect/save', {
      headers: { authorization: `Bearer ${token}` },
      data: { kind: 'video', target: 'vod' },
    });
    await openRoute(page, `/pages/user/collection/index?token=demo&locale=${locale}`);
    await expect(page.getByText('产品训练营（回放，共三集）')).toBeVisible();
    await page.getByRole('button', { name: zh ? /取消收藏 产品训练营/ : /Remove 产品训练营/ }).click();
    await expect(page.getByText(zh ? '还没有收藏' : 'Nothing saved yet')).toBeVisible();
    // Removed on the server, not only from the list on screen.
    const status = await (
      await request.get('/v3/api/user/collect/status?kind=video&target=vod', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(status.data.saved).toBe(false);
    await page.reload();
    await expect(page.getByText(zh ? '还没有收藏' : 'Nothing saved yet')).toBeVisible();
  });

  test(`information form: the spec's messages, then saved and prefilled (${locale})`, async ({
    page,
    request,
  }) => {
    await loginAsNewViewer(page, request, 'info');
    await openRoute(page, `/pages/information/index?token=demo&locale=${locale}`);
    const submit = page.getByRole('button', { name: zh ? '提交' : 'Submit' });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(
      zh ? '请填写您的姓名和手机号~' : 'Please fill in your name and mobile phone number~',
    );
    await page.getByLabel(zh ? '姓名' : 'Name').fill('E2E');
    await page.getByLabel(zh ? '手机号' : 'Mobile number').fill('+86 13900000000');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(zh ? '请填写公司~' : 'Please fill in the company~');
    await page.getByLabel(zh ? '公司' : 'Company').fill('livev3');
    await submit.click();
    await expect(
      page.getByText(zh ? '已填写过，可修改后重新提交' : 'Already given: change it and submit again'),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(zh ? '公司' : 'Company')).toHaveValue('livev3');
  });

  test(`user centre: nickname, language, log out revokes the session (${locale})`, async ({
    page,
    request,
  }) => {
    const token = await loginAsNewViewer(page, request, 'centre');
    await openRoute(page, `/pages/user/index?token=demo&locale=${locale}`);
    await page.getByRole('button', { name: zh ? '编辑资料' : 'Edit profile' }).click();
    await page.getByLabel(zh ? '昵称' : 'Nickname').fill(`renamed${locale}`);
    await page.getByRole('button', { name: zh ? '保存' : 'Save' }).click();
    await expect(page.getByRole('heading', { name: `renamed${locale}` })).toBeVisible();
    await page.getByRole('button', { name: zh ? '退出登录' : 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button').last().click();
    await expect(page.getByRole('button', { name: zh ? '登录 / 注册' : 'Log in / sign up' })).toBeVisible();
    const after = await (
      await request.post('/v3/api/user/info', { headers: { authorization: `Bearer ${token}` }, data: {} })
    ).json();
    expect(after.xcode).toBe(100005);
  });

  test(`phone binding with the slide check and the SMS code (${locale})`, async ({ page, request }) => {
    await loginAsNewViewer(page, request, 'bind');
    const phone = `137${Date.now().toString().slice(-6)}${locale === 'en' ? '11' : '22'}`;
    await openRoute(page, `/pages/user/phone/index?token=demo&locale=${locale}`);
    await page.getByLabel(zh ? '手机号' : 'Mobile number').fill(phone);
    const slider = page.getByRole('slider');
    await slider.focus();
    await slider.press('End');
    await expect(page.getByRole('status').filter({ hasText: zh ? '验证通过' : 'Verified' })).toBeVisible();
    await page.getByRole('button', { name: zh ? '获取验证码' : 'Get code' }).click();
    await expect
      .poll(async () => (await (await request.get(`/dev/sms/last?phone=${phone}`)).json()).data.code)
      .toMatch(/^\d{6}$/);
    const code = (await (await request.get(`/dev/sms/last?phone=${phone}`)).json()).data.code as string;
    await page.getByLabel(zh ? '验证码' : 'Verification code').fill(code);
    await page.getByRole('button', { name: zh ? '绑定' : 'Bind', exact: true }).click();
    await expect(page.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`)).toBeVisible();
  });
}

/** The smallest valid PNG (1x1): the upload host checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 NetType/WIFI Language/zh_CN';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The page's own status line (the toast's live region, outside main, is a status too). */
const pageStatus = (page: Page) => page.getByRole('main').getByRole('status');

/** A link of this app to a route, as a QR code of the app would carry it (same origin and path as the page). */
const appLink = (page: Page, route: string) => {
  const url = new URL(page.url());
  url.hash = route;
  return url.toString();
};

for (const locale of ['zh-CN', 'en'] as const) {
  const zh = locale === 'zh-CN';

  test(`complaint with an image through the upload host, one a day per target (${locale})`, async ({
    page,
    request,
  }) => {
    await loginAsNewViewer(page, request, 'complaint');
    await openRoute(
      page,
      `/pages/complaint/tousu/index?token=demo&target_kind=video&target=demo&locale=${locale}`,
    );
    await expect(page.getByText(zh ? '投诉对象：视频' : 'About: a video')).toBeVisible();
    const submit = page.getByRole('button', { name: zh ? '提交投诉' : 'Submit complaint' });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(zh ? '请选择投诉原因' : 'Please choose a reason');

    await page.getByRole('radio', { name: zh ? '欺诈骗钱' : 'Fraud or scam' }).check();
    await page.getByLabel(zh ? '问题描述' : 'Description').fill('e2e complaint');
    const uploads: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && !sent.url().includes('/api/')) uploads.push(sent.url());
    });
    await page
      .getByLabel(zh ? /图片证据/ : /Images as evidence/)
      .setInputFiles([{ name: 'proof.png', mimeType: 'image/png', buffer: PNG }]);
    // The thumbnail of the uploaded image, served back by the upload host.
    const removeImage = page.getByRole('button', { name: zh ? '移除图片 1' : 'Remove image 1' });
    await expect(removeImage).toBeVisible();
    expect(uploads.length).toBeGreaterThanOrEqual(1);
    const thumb = page.locator('li', { has: removeImage }).locator('img');
    await expect
      .poll(() => thumb.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(1);

    const filed = page.waitForRequest(
      (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/v2/api/complain',
    );
    await submit.click();
    const body = (await filed).postDataJSON() as { images: string[] } & Record<string, unknown>;
    expect(body).toMatchObject({
      target_kind: 'video',
      target: 'demo',
      reason: 'fraud',
      content: 'e2e complaint',
    });
    expect(body.images).toHaveLength(1);
    const served = await request.get(body.images[0]);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    await expect(
      pageStatus(page).filter({
        hasText: zh ? '感谢反馈，我们会尽快处理' : 'Thank you, we will look into it',
      }),
    ).toBeVisible();

    // The same viewer, the same target, the same day: refused with the server's message.
    await page.reload();
    await page.getByRole('radio', { name: zh ? '其他' : 'Other' }).check();
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(
      zh
        ? '今天已经投诉过了，我们会尽快处理'
        : 'You already complained about this today; we are looking into it',
    );
  });

  test(`VIP: buy a plan through the H5 payment, the expiry shows, paid events open (${locale})`, async ({
    page,
    request,
  }) => {
    const token = await loginAsNewViewer(page, request, 'vip');
    const canWatchPaid = async () =>
      (await (await request.get('/v3/api/video/detail?token=paid-e2e', { headers: bearer(token) })).json())
        .data.can_watch as boolean;
    expect(await canWatchPaid()).toBe(false);

    await openRoute(page, `/pages/vip/index?token=demo&locale=${locale}`);
    await expect(pageStatus(page)).toHaveText(zh ? '你还不是会员' : 'You are not a member yet');
    const monthly = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: zh ? '月度会员' : 'Monthly' }) });
    await monthly.getByRole('button', { name: zh ? '开通 ¥18.00' : 'Join for ¥18.00' }).click();
    // Outside WeChat: WeChat Pay's H5 page (the emulator's), then back to the VIP page.
    await expect(page).toHaveURL(/\/emulator\/wechat\/pay\/h5\?/);
    await expect(page.getByText('¥18.00')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page).toHaveURL(/#\/pages\/vip\/index\?/);
    await expect(pageStatus(page)).toHaveText(
      zh ? /^会员已开通，有效期至 \d{4}\/\d{2}\/\d{2}$/ : /^Membership active until \d{2}\/\d{2}\/\d{4}$/,
    );
    await expect(
      monthly.getByRole('button', { name: zh ? '续费 ¥18.00' : 'Renew for ¥18.00' }),
    ).toBeVisible();

    const plans = (await (await request.get('/v3/api/vip/plans', { headers: bearer(token) })).json()).data;
    const days = (plans.expires_at - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    // What membership unlocks is decided by the server: the paid e2e event now opens without paying.
    expect(await canWatchPaid()).toBe(true);
  });

  test(`scan: opens without a login; a pasted app link opens in the app, other text is only shown (${locale})`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openRoute(page, `/pages/scan-code/index?token=demo&locale=${locale}`);
    // The block's own heading, a level under the page's title (which reads the same): one h1 on the page.
    const scanTitle = zh ? '扫码' : 'Scan code';
    await expect(
      page.getByRole('region', { name: scanTitle }).getByRole('heading', { level: 2, name: scanTitle }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(scanTitle);
    await expect(page).toHaveURL(/#\/pages\/scan-code\/index/);
    await expect(
      page.getByRole('button', { name: zh ? '打开摄像头扫码' : 'Scan with the camera' }),
    ).toBeVisible();

    const field = page.getByLabel(zh ? '或粘贴扫到的链接' : 'Or paste a scanned link');
    const open = page.getByRole('button', { name: zh ? '打开' : 'Open', exact: true });
    // Anything else than a link of this app is shown, never followed.
    await field.fill('https://evil.test/phish?x=1');
    await open.click();
    const result = page.getByRole('region', { name: zh ? '扫码结果' : 'Result' });
    await expect(result).toContainText('https://evil.test/phish?x=1');
    await expect(result).toContainText(zh ? '这不是本应用的链接' : 'Not a link of this app');
    await expect(page).toHaveURL(/#\/pages\/scan-code\/index/);

    // A link of this app, pasted from the clipboard: it opens in the app.
    const link = appLink(page, '/pages/home/index?token=vod');
    await page.evaluate((text) => navigator.clipboard.writeText(text), link);
    await field.fill('');
    await field.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(field).toHaveValue(link);
    await open.click();
    await expect(page).toHaveURL(/#\/pages\/home\/index\?token=vod/);
    await expect(page.getByText('产品训练营（回放，共三集）').first()).toBeVisible();
  });

  test(`diagnostics: the fields, a latency test, copy all (${locale})`, async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginAsNewViewer(page, request, 'diag');
    await openRoute(page, `/pages/test/index?token=demo&locale=${locale}`);
    await expect(page.getByRole('heading', { name: zh ? '诊断信息' : 'Diagnostics' })).toBeVisible();
    const value = (key: string) => page.getByTestId(`diag-${key}`);
    const userAgent = await page.evaluate(() => navigator.userAgent);
    await expect(value('appVersion')).toHaveText(/^\d+\.\d+\.\d+ \(\d+\)$/);
    await expect(value('userAgent')).toHaveText(userAgent);
    await expect(value('wechat')).toHaveText(zh ? '不在微信中' : 'Not in WeChat');
    await expect(value('loggedIn')).toHaveText(zh ? '是' : 'Yes');
    await expect(value('locale')).toHaveText(locale);
    await expect(value('theme')).toHaveText(/^[a-z]+-(default|channel)$/);
    // The row follows the theme as it changes (a designer's switch, or the event's own theme arriving).
    await page.evaluate(() => window.__livev3?.setTheme('pink', 'channel'));
    await expect(value('theme')).toHaveText('pink-channel');
    await expect(value('errors')).toHaveText(zh ? '无' : 'None');
    await expect(value('latency')).toHaveText('—');
    await page.getByRole('button', { name: zh ? '测速' : 'Measure' }).click();
    await expect(value('latency')).toHaveText(/^\d+ ms$/);
    const latency = await value('latency').textContent();

    await page.getByRole('button', { name: zh ? '复制全部' : 'Copy all' }).click();
    await expect(pageStatus(page)).toHaveText(zh ? '已复制' : 'Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const lines = copied.split('\n');
    expect(lines).toHaveLength(13);
    expect(lines).toContain(`${zh ? '浏览器' : 'Browser'}: ${userAgent}`);
    expect(lines).toContain(`${zh ? '接口延迟' : 'API latency'}: ${latency}`);
    expect(lines).toContain(`${zh ? '语言' : 'Language'}: ${locale}`);
  });
}

test('scan a picture: a code with a link of this app opens it in the app', async ({ page }) => {
  // The browser's own decoder (BarcodeDetector; Chromium on Linux has none) stands in for reading the picture.
  await page.addInitScript(() => {
    class FakeDetector {
      async detect() {
        const url = new URL(window.location.href);
        url.hash = '/pages/home/index?token=vod';
        return [{ rawValue: url.toString() }];
      }
    }
    (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = FakeDetector;
  });
  await openRoute(page, '/pages/scan-code/index?token=demo');
  await page
    .getByLabel('从相册选择图片')
    .setInputFiles([{ name: 'code.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(page).toHaveURL(/#\/pages\/home\/index\?token=vod/);
  await expect(page.getByText('产品训练营（回放，共三集）').first()).toBeVisible();
});

test('jump mini program without a configured mini program: says so plainly, no code to scan', async ({
  page,
  request,
}) => {
  await loginAsNewViewer(page, request, 'jump');
  await openRoute(page, '/pages/jump-mp/index?token=demo');
  await expect(page.getByText('此处未配置小程序，暂无可打开的小程序。')).toBeVisible();
  await expect(page.getByRole('img')).toHaveCount(0);
  await expect(page.locator('wx-open-launch-weapp')).toHaveCount(0);
});

test.describe('inside WeChat', () => {
  test.use({ userAgent: WECHAT_UA });

  test('jump mini program without a configured mini program: no open tag, the plain notice (en)', async ({
    page,
    request,
  }) => {
    await loginAsNewViewer(page, request, 'jump-wx');
    await openRoute(page, '/pages/jump-mp/index?token=demo&locale=en');
    // The block's own heading, a level under the page's title (which reads the same): one h1 on the page.
    await expect(
      page
        .getByRole('region', { name: 'Open mini program' })
        .getByRole('heading', { level: 2, name: 'Open mini program' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open mini program');
    await expect(
      page.getByText('No mini program is set up here, so there is nothing to open.'),
    ).toBeVisible();
    await expect(page.locator('wx-open-launch-weapp')).toHaveCount(0);
    await expect(page.getByRole('button', { name: "Copy this page's link" })).toHaveCount(0);
  });
});
