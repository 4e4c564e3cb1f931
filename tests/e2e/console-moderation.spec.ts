import { devices, type Browser, type Page } from '@playwright/test';
import { expect, firstScreenReplaced, test } from '../fixtures';
import {
  desktop,
  expectNoAxeViolations,
  signInByEmail,
  startFreshConsole,
  type FreshConsole,
} from './console-fresh';

/**
 * The console's Chat section on a fresh database (as console.spec.ts: `npm run organiser -- create` makes the owner,
 * a server of this test's own runs on it): the owner opens an event's Chat section, two viewers of the viewer app are
 * on the event's page. A viewer's line reaches the console live; the owner deletes it (it leaves the viewer's page),
 * mutes and unmutes its sender, mutes everyone (the viewer is told), turns pre-review on: the viewer's next line waits
 * in the console until approved, then both viewers see it. The log lists every action; axe finds no violation; the
 * section in Chinese and English (new baselines; times and tabs masked, everything else is this fresh database's).
 */
test.use(desktop);

let fresh: FreshConsole;
let base = '';

test.beforeAll(async () => {
  fresh = await startFreshConsole('moderation', '13912345670');
  base = fresh.base;
});

test.afterAll(() => fresh?.stop());

/** Signs the owner in with a code mailed to the owner's address; answers the organisation's id. */
async function signIn(page: Page): Promise<number> {
  await signInByEmail(page, fresh);
  return Number(/\/o\/(\d+)\//.exec(page.url())?.[1]);
}

/** A viewer of the viewer app (a phone of its own), logged in by e-mail, on the event's page. */
async function viewer(browser: Browser, token: string, email: string, nickname: string) {
  const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'zh-CN' });
  const phone = await context.newPage();
  const login = await (
    await phone.request.post(`${base}/v3/api/email_anonymous_login`, { data: { email, nickname } })
  ).json();
  await phone.addInitScript(
    (session) => window.localStorage.setItem('livev3:auth', session),
    login.data.token,
  );
  await phone.goto(`${base}/livev3/#/pages/home/index?token=${token}`);
  await firstScreenReplaced(phone);
  const chat = phone.getByTestId('chat-room');
  await expect(chat.getByRole('log')).toBeVisible({ timeout: 15_000 });
  return {
    chat,
    close: () => context.close(),
    send: async (text: string) => {
      await chat.getByLabel('发言内容').fill(text);
      await chat.getByRole('button', { name: '发送' }).click();
    },
  };
}

test('the owner moderates an event chat from the console while viewers chat', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const organisation = await signIn(page);
  const session = await page.evaluate(() => window.localStorage.getItem('livev3:auth') ?? '');
  const created = await (
    await page.request.post(`${base}/v3/api/console/event/create`, {
      data: { organisation_id: organisation, event: { title: '春季发布会', start_time: 1_900_000_000 } },
      headers: { authorization: `Bearer ${session}` },
    })
  ).json();
  const { id, token } = created.data as { id: number; token: string };

  // The event's sections: the Chat tab is there for its owner.
  await page.goto(`${base}/livev3/console/o/${organisation}/events/${id}`);
  const sections = page.getByRole('navigation', { name: '活动栏目' });
  await sections.getByRole('link', { name: '聊天' }).click();
  await expect(page.getByRole('heading', { name: '聊天：春季发布会' })).toBeVisible();
  await expect(sections.getByRole('link', { name: '聊天' })).toHaveAttribute('aria-current', 'page');
  await expect(sections.getByRole('link', { name: '基本信息' })).not.toHaveAttribute('aria-current', 'page');
  const lines = page.getByRole('log', { name: '实时聊天' });
  await expect(lines).toBeVisible();
  await expect(page.getByText('观众可以发言。')).toBeVisible();

  const first = await viewer(browser, token, 'viewer-a@moderation.e2e.test', '观众甲');
  const second = await viewer(browser, token, 'viewer-b@moderation.e2e.test', '观众乙');

  // A line arrives live; the owner deletes it (confirmed, focus in the dialog and back after); it leaves the viewer's page.
  await first.send('第一条消息');
  await expect(first.chat.getByText('第一条消息')).toBeVisible();
  const row = lines.locator('[data-index]').filter({ hasText: '第一条消息' });
  await expect(row).toContainText('观众甲');
  await row.getByRole('button', { name: '删除' }).click();
  const confirmDelete = page.getByRole('dialog', { name: '删除这条消息？' });
  await expect(confirmDelete).toContainText('观众甲：“第一条消息”');
  await expect(confirmDelete.getByRole('button', { name: '删除' })).toBeFocused();
  await confirmDelete.getByRole('button', { name: '删除' }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(row).toContainText('已删除');
  await expect(lines).toBeFocused();
  await expect(first.chat.getByText('第一条消息')).toHaveCount(0);
  await expect(second.chat.getByText('第一条消息')).toHaveCount(0);

  // Mute and unmute the sender; Escape closes a dialog without acting.
  await row.getByRole('button', { name: '禁言' }).click();
  const confirmMute = page.getByRole('dialog', { name: '禁言这位观众？' });
  await page.keyboard.press('Escape');
  await expect(confirmMute).toBeHidden();
  await expect(row.getByRole('button', { name: '禁言' })).toBeFocused();
  await row.getByRole('button', { name: '禁言' }).click();
  await confirmMute.getByRole('button', { name: '禁言' }).click();
  await expect(row.getByRole('button', { name: '解除禁言' })).toBeVisible();
  await row.getByRole('button', { name: '解除禁言' }).click();
  await page
    .getByRole('dialog', { name: '解除这位观众的禁言？' })
    .getByRole('button', { name: '解除禁言' })
    .click();
  await expect(row.getByRole('button', { name: '禁言', exact: true })).toBeVisible();

  // Everyone muted: the viewers are told they cannot send.
  await page.getByRole('button', { name: '全员禁言' }).click();
  await page.getByRole('dialog', { name: '全员禁言' }).getByRole('button', { name: '全员禁言' }).click();
  await expect(page.getByText('已开启全员禁言。')).toBeVisible();
  await expect(first.chat.getByRole('status')).toHaveText('主办方已开启全员禁言');
  await expect(first.chat.getByLabel('发言内容')).toHaveCount(0);
  await page.getByRole('button', { name: '解除全员禁言' }).click();
  await page
    .getByRole('dialog', { name: '解除全员禁言' })
    .getByRole('button', { name: '解除全员禁言' })
    .click();
  await expect(first.chat.getByLabel('发言内容')).toBeVisible();

  // Pre-review: the next line waits in the console; approved, both viewers see it.
  await page.getByRole('button', { name: '开启先审后发' }).click();
  await expect(page.getByRole('button', { name: '关闭先审后发' })).toBeVisible();
  await expect(first.chat.getByText('消息需经主办方审核后显示')).toBeVisible();
  await first.send('请审核这条消息');
  await expect(first.chat.getByText('请审核这条消息')).toContainText('审核中');
  const waiting = page.getByRole('list', { name: '待审核的消息' }).getByRole('listitem');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('请审核这条消息');
  await expect(second.chat.getByText('请审核这条消息')).toHaveCount(0);
  await waiting.getByRole('button', { name: '通过' }).click();
  await expect(page.getByText('没有待审核的消息。')).toBeVisible();
  await expect(second.chat.getByText('请审核这条消息')).toBeVisible();
  await expect(first.chat.getByText('请审核这条消息')).not.toContainText('审核中');
  await expect(lines.locator('[data-index]').filter({ hasText: '请审核这条消息' })).not.toContainText(
    '待审核',
  );

  // A pinned announcement reaches the viewers as text, and leaves when unpinned; the sensitive words are saved.
  await page.getByLabel('公告', { exact: true }).fill('今晚八点抽奖');
  await page.getByRole('button', { name: '置顶', exact: true }).click();
  await expect(page.getByText('置顶公告： 今晚八点抽奖')).toBeVisible();
  await expect(second.chat.page().getByTestId('chat-pinned')).toContainText('今晚八点抽奖');
  await page.getByRole('button', { name: '取消置顶' }).click();
  await expect(second.chat.page().getByTestId('chat-pinned')).toHaveCount(0);
  await page.getByLabel('敏感词').fill('广告\n  \n广告\n代购');
  await page.getByRole('button', { name: '保存敏感词' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  await expect(page.getByLabel('敏感词')).toHaveValue('广告\n代购');

  // The log: who, what, to whom, newest first.
  const log = page.getByRole('table');
  await expect(log.getByRole('row')).toHaveCount(11);
  await expect(log.getByRole('row').nth(1)).toContainText('保存敏感词');
  await expect(log.getByRole('row').nth(1)).toContainText('2');
  await expect(log.getByRole('row').filter({ hasText: '通过消息' })).toContainText('请审核这条消息');
  await expect(log.getByRole('row').filter({ hasText: '置顶公告' })).toContainText('今晚八点抽奖');
  for (const action of [
    '取消置顶',
    '开启先审后发',
    '解除全员禁言',
    '全员禁言',
    '解除观众禁言',
    '禁言观众',
    '删除消息',
  ])
    await expect(log.getByRole('cell', { name: action, exact: true })).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: '删除消息' })).toContainText('观众甲');

  await expectNoAxeViolations(page);
  // From the top: a full-page screenshot of a scrolled page draws its masks off their elements.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Times masked (the clock's), and the section tabs (other sections come and go with their parts and roles).
  const times = { mask: [page.locator('time'), page.locator('main nav')], fullPage: true };
  await expect(page).toHaveScreenshot('console/chat-zh-CN.png', times);
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Chat: 春季发布会' })).toBeVisible();
  await expect(page).toHaveScreenshot('console/chat-en.png', times);
  await expectNoAxeViolations(page);
  await first.close();
  await second.close();
});
