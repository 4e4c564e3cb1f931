import ExcelJS from 'exceljs';
import { devices } from '@playwright/test';
import { expect, firstScreenReplaced, test } from '../fixtures';
import {
  desktop,
  expectNoAxeViolations,
  signInByEmail,
  startFreshConsole,
  type FreshConsole,
} from './console-fresh';

/**
 * The console's Figures section on a fresh database (made as console.spec.ts makes one: `npm run organiser -- create`
 * and a server of this test's own): a viewer watches the owner's new event and sends a chat line, the owner's Figures
 * section shows the viewer and the line, and the Excel export holds them. Screenshots of the section in Chinese and
 * English with fixed figures (the answer is fixed, so the baselines do not follow the clock). Desktop viewport; axe-core
 * finds no violation.
 */
test.use(desktop);

let fresh: FreshConsole;
let base = '';

test.beforeAll(async () => {
  fresh = await startFreshConsole('figures', '13912340032');
  base = fresh.base;
});

test.afterAll(() => fresh?.stop());

/** The section's one answer for the screenshots: an hour of an evening event (China Standard Time). */
function fixedFigures(eventId: number, token: string) {
  const start = Date.parse('2030-05-01T19:30:00+08:00') / 1000;
  const viewers = Array.from({ length: 60 }, (_, index) => ({
    minute: start + index * 60,
    value: Math.round(120 + 80 * Math.sin(index / 9) + index * 2),
  }));
  const lines = viewers
    .filter((_, index) => index % 3 === 0)
    .map((sample, index) => ({ minute: sample.minute, value: 4 + ((index * 7) % 11) }));
  return {
    xcode: 200,
    msg: 'ok',
    data: {
      event_id: eventId,
      token,
      at: start + 3600,
      viewers_now: 236,
      peak_viewers: Math.max(...viewers.map((sample) => sample.value)),
      viewers_per_minute: viewers,
      watch: { total_seconds: 412_380, viewers: 301, per_viewer_seconds: 1370 },
      chat: { lines: lines.reduce((sum, sample) => sum + sample.value, 0), senders: 57, per_minute: lines },
      gifts: { count: 42, items: 96, cents: 51_860 },
      tips: { count: 17, cents: 8_800 },
      red_packets: {
        sent: 6,
        cents: 60_000,
        shares_grabbed: 58,
        grabbed_cents: 57_320,
        refunded_cents: 2_680,
      },
      votes: { total: 1_284, free: 1_180, paid: 104 },
      revenue: {
        tickets: 99_000,
        gifts: 51_860,
        tips: 8_800,
        paid_votes: 10_400,
        shop: 23_700,
        total: 193_760,
      },
    },
  };
}

test('a viewer watches and chats; the owner sees them in the Figures section and its Excel export', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInByEmail(page, fresh);
  await page.getByRole('button', { name: '创建活动' }).click();
  await expect(page.getByRole('heading', { name: '创建活动' })).toBeVisible();
  await page.getByLabel('标题').fill('数据发布会');
  await expect(page.getByLabel('标题')).toHaveValue('数据发布会');
  await page.getByLabel('开始时间').fill('2030-05-01T19:30');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { name: '编辑活动' })).toBeVisible();
  const link = page.getByRole('link', { name: /\/livev3\/#\/pages\/home\/index\?token=/ });
  const token = ((await link.textContent()) ?? '').split('token=')[1];
  expect(token).toMatch(/^[a-z0-9]{12}$/);
  const eventId = Number(/\/events\/(\d+)/.exec(page.url())?.[1]);
  expect(eventId).toBeGreaterThan(0);

  // A viewer in a phone browser of its own, logged in, in the event's room; one chat line.
  const viewer = await browser.newContext({ ...devices['Pixel 7'], locale: 'zh-CN' });
  const phone = await viewer.newPage();
  const login = await (
    await phone.request.post(`${base}/v3/api/email_anonymous_login`, {
      data: { email: `figures-viewer-${Date.now()}@e2e.test`, nickname: '数据观众' },
    })
  ).json();
  await phone.addInitScript(
    ([event, session]) => {
      window.localStorage.setItem('livev3:auth', session);
      window.localStorage.setItem(`livev3:auth:${event}`, session);
    },
    [token, login.data.token],
  );
  await phone.goto(`${base}/livev3/#/pages/home/index?token=${token}`);
  await firstScreenReplaced(phone);
  const chat = phone.getByTestId('chat-room');
  await expect(chat.getByRole('log')).toBeVisible({ timeout: 20_000 });
  await chat.getByLabel('发言内容').fill('数据第一条');
  await chat.getByRole('button', { name: '发送' }).click();
  await expect(chat.getByText('数据第一条')).toBeVisible();

  // The owner's Figures section: one viewer now, one line from one sender (refreshed until the room's count lands).
  await page.getByRole('link', { name: '数据' }).click();
  const section = page.getByRole('region', { name: '数据' });
  const figure = (table: string, row: string) =>
    section
      .getByRole('table', { name: table, exact: true })
      .getByRole('row', { name: row })
      .getByRole('cell');
  await expect(async () => {
    await section.getByRole('button', { name: '刷新' }).click();
    await expect(figure('观众', '当前观众')).toHaveText('1', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(figure('聊天', '聊天条数')).toHaveText('1');
  await expect(figure('聊天', '发言人数')).toHaveText('1');
  await expect(section.getByRole('figure', { name: '每分钟聊天条数' })).toContainText('最高 1');
  await expectNoAxeViolations(page);

  // The Excel export holds the viewer and the line.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: '导出 Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`figures-${token}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows = new Map<string, unknown>();
  workbook.worksheets[0].eachRow((row) => rows.set(String(row.getCell(1).value), row.getCell(2).value));
  expect(rows.get('当前观众')).toBe(1);
  expect(rows.get('聊天条数')).toBe(1);
  expect(rows.get('发言人数')).toBe(1);
  await viewer.close();

  // Screenshots with fixed figures, in Chinese and English (new baselines: console-figures-*).
  await page.route('**/v3/api/console/figures?**', (route) =>
    route.fulfill({ json: fixedFigures(eventId, token) }),
  );
  await section.getByRole('button', { name: '刷新' }).click();
  await expect(figure('观众', '当前观众')).toHaveText('236');
  await expect(section.locator('canvas')).toHaveCount(2);
  await expect(section).toHaveScreenshot('console/figures-zh-CN.png');
  await page.getByLabel('语言').selectOption('en');
  const english = page.getByRole('region', { name: 'Figures' });
  await expect(english.getByRole('table', { name: 'Revenue' })).toContainText('¥1937.60');
  await expect(english).toHaveScreenshot('console/figures-en.png');
  await expectNoAxeViolations(page);
  await page.getByLabel('Language').selectOption('zh-CN');
});
