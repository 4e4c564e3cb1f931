/**
 * The console's Live section, phone preview and cover upload, on a fresh database with its first owner
 * (console-fresh.ts, as console.spec.ts). The owner creates an event; the phone preview (the real viewer app in a
 * frame) follows the theme picked in the form, before saving, in every theme x look (new baselines, one frame each);
 * a cover is uploaded (a wrong type refused) and saved on the event. In the Live section the owner copies the push
 * URL, ffmpeg publishes a test pattern to it, the state turns live without a reload and the preview plays; the key is
 * rotated through a confirmation dialog (focus inside it, back on the button after), the broadcast is ended from the
 * console (the encoder is dropped), and the old key is refused at the ingest. The key never reaches the server's log.
 * axe-core finds no violation; the section in Chinese and English (new baselines; the push server, whose port the
 * system picks, masked).
 */
import type { Page } from '@playwright/test';
import { publishTestPattern } from '../../scripts/test-pattern';
import contract from '../../schemas/api/console.json' with { type: 'json' };
import zhCN from '../../console/src/app/locales/zh-CN.json' with { type: 'json' };
import { expect, test } from '../fixtures';
import {
  desktop,
  expectNoAxeViolations,
  signInByEmail,
  startFreshConsole,
  type FreshConsole,
} from './console-fresh';

test.use(desktop);
test.describe.configure({ mode: 'serial' });

const THEMES = contract.components.schemas.ConsoleEventFields.properties.color_code.enum;
const TITLE = '新品直播';
let fresh: FreshConsole;
/** The owner's session from the first test (the mail sink sends one code a minute per address). */
let session = '';

test.beforeAll(async () => {
  // A server of its own starts (with its ingest): on a loaded machine that outlasts the default 30 s.
  test.setTimeout(120_000);
  fresh = await startFreshConsole('console-live', '13912345671');
});
test.afterAll(async () => fresh?.stop());

const themeLabel = (theme: string) => zhCN.form[`theme_${theme}` as keyof typeof zhCN.form];

async function openEvent(page: Page) {
  expect(session).not.toBe('');
  await page.addInitScript((value) => window.localStorage.setItem('livev3:auth', value), session);
  await page.goto(`${fresh.base}/livev3/console/`);
  await page.getByRole('link', { name: TITLE }).first().click();
  await expect(page.getByRole('heading', { name: '编辑活动' })).toBeVisible();
}

test('the phone preview follows the picked theme, and an uploaded cover goes on the event', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByEmail(page, fresh);
  await page.getByRole('button', { name: '创建活动' }).click();
  await expect(page.getByText('保存活动后即可在手机尺寸下预览直播间。')).toBeVisible();
  await page.getByLabel('标题').fill(TITLE);
  await page.getByLabel('开始时间').fill('2030-05-01T19:30');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { name: '编辑活动' })).toBeVisible();

  // The real room of this event, at a phone's size, in the theme picked (not saved yet) and the look chosen.
  const frame = page.frameLocator('[data-testid="phone-preview"]');
  await expect(frame.getByText(TITLE).first()).toBeVisible({ timeout: 20_000 });
  // The app itself, not its first-screen shell: its blocks and the header's buttons are in.
  await expect(frame.locator('html.lv-shelled')).toHaveCount(0, { timeout: 20_000 });
  await expect(frame.getByText('没有更多消息了')).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByRole('button', { name: '收藏' })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'red-default');
  // How many watch (the preview's own socket among them) arrives when it arrives: masked.
  const counts = frame.getByText(/\d+ 人(观看|在看)/);
  for (const variant of ['default', 'channel'] as const) {
    await page.getByLabel('样式').selectOption(variant);
    for (const theme of THEMES) {
      await page.getByLabel('主题').selectOption({ label: themeLabel(theme) });
      await expect(frame.locator('html')).toHaveAttribute('data-theme', `${theme}-${variant}`);
      await expect(page.getByTestId('phone-preview')).toHaveScreenshot(
        `console/phone-preview-${theme}-${variant}.png`,
        { mask: [counts] },
      );
    }
  }
  await expectNoAxeViolations(page);

  // A cover: a file that is no image is refused beside the field; an image goes up and shows.
  const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '上传封面' }).click();
    await (await chooser).setFiles(file);
  };
  await pick({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert')).toHaveText('请选择 JPEG、PNG、WebP 或 GIF 图片');
  const image = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 180 } });
  await pick({ name: 'cover.png', mimeType: 'image/png', buffer: image });
  const cover = page.getByRole('img', { name: '封面预览' });
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(320);
  const url = await page.getByLabel('封面图片地址').inputValue();
  expect(url).toMatch(
    new RegExp(`^${fresh.base}/uploads/livev3/\\d+/\\d{8}/[0-9a-f]+/cover-[0-9a-f-]+\\.png$`),
  );
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('封面图片地址')).toHaveValue(url);
  await expect(page.getByRole('img', { name: '封面预览' })).toBeVisible();
  session = await page.evaluate(() => window.localStorage.getItem('livev3:auth') ?? '');
});

test('the owner goes live from the Live section, rotates the key and ends the broadcast', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fresh.base });
  await openEvent(page);
  await page.getByRole('link', { name: '直播', exact: true }).click();
  await expect(page.getByRole('heading', { name: '直播推流' })).toBeVisible();
  const state = page.getByTestId('live-state');
  await expect(state).toHaveText('未开始');
  const pushServer = page.getByLabel('推流服务器', { exact: true });
  // The section alone (the tabs beside it are other parts'), its push server masked.
  const section = page.locator('section[aria-labelledby="live-heading"]');
  await expect(section).toHaveScreenshot('console/live-zh-CN.png', { mask: [pushServer] });
  await expectNoAxeViolations(page);
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Going live' })).toBeVisible();
  await expect(state).toHaveText('Not started');
  await expect(section).toHaveScreenshot('console/live-en.png', { mask: [page.getByLabel('Push server')] });
  await page.getByLabel('Language').selectOption('zh-CN');

  const copyUrl = async () => {
    await page.getByRole('button', { name: '复制推流地址（服务器加密钥）' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已复制' })).toBeVisible();
    return page.evaluate(() => navigator.clipboard.readText());
  };
  const oldUrl = await copyUrl();
  expect(oldUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live\/live_[A-Za-z0-9_-]{22}$/);
  expect(oldUrl.startsWith(`${await pushServer.inputValue()}/`)).toBe(true);

  const publisher = publishTestPattern(oldUrl, { seconds: 120 });
  try {
    // Live without a reload, and the preview plays what viewers get.
    await expect(state).toHaveText('直播中', { timeout: 20_000 });
    const preview = page.getByTestId('live-preview');
    await expect
      .poll(() => preview.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);
    await expectNoAxeViolations(page);

    // Rotating asks first: focus goes into the dialog (on Cancel), Escape closes it and focus comes back.
    const rotate = page.getByRole('button', { name: '更换密钥' });
    await rotate.click();
    const dialog = page.getByRole('dialog', { name: '更换推流密钥？' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '取消' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rotate).toBeFocused();
    await rotate.click();
    await dialog.getByRole('button', { name: '更换密钥' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已生成新的推流密钥' })).toBeVisible();
    await expect(rotate).toBeFocused();
    const newUrl = await copyUrl();
    expect(newUrl).not.toBe(oldUrl);
    // The broadcast already sending is not cut by the rotation.
    await expect(state).toHaveText('直播中');

    // Ending drops the encoder.
    await page.getByRole('button', { name: '结束直播' }).click();
    await page.getByRole('dialog', { name: '结束直播？' }).getByRole('button', { name: '结束直播' }).click();
    await expect(state).toHaveText('已结束', { timeout: 20_000 });
    expect(await publisher.exited).not.toBe(0);
    await expect(page.getByText('直播进行时，预览在这里播放。')).toBeVisible();
  } finally {
    publisher.kill();
  }

  // The old key is refused at the ingest: ffmpeg is cut off, and nothing starts.
  const refused = publishTestPattern(oldUrl, { seconds: 5 });
  expect(await refused.exited).not.toBe(0);
  await expect(state).toHaveText('已结束');
  // The key is a secret: the server's log never carries it.
  expect(fresh.output()).not.toContain(oldUrl.split('/').pop());
});
