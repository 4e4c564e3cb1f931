import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

/**
 * Chat moderation as viewers see it, on an event of its own (created through the console's API by the chat
 * organiser, so muting and pre-review touch no other spec's room): a line the organiser deletes vanishes from another
 * viewer's page without a reload, muting everyone shows its notice, a pinned announcement shows as text, and a
 * pre-reviewed line reaches the others only once approved.
 */
const run = Date.now().toString(36);
// The chat organisation's operator: the chat spec logs its owner in, and a code a minute per address and one session
// per login would make the two specs refuse each other's login.
const ORGANISER_EMAIL = 'chat-moderator@livev3.test';
/** The chat organiser's organisation in the demo data. */
const CHAT_ORGANISATION = 2;

/** Logs an e-mail address in (the seeded organiser with the code mailed to it); answers the session token. */
async function login(request: APIRequestContext, email: string, nickname: string): Promise<string> {
  let answer = await request.post('/v3/api/email_anonymous_login', { data: { email, nickname } });
  if ((await answer.json()).data?.need_code) {
    await request.post('/v3/api/email/code', { data: { email } });
    const mail = await request.get(`/dev/mail/last?email=${encodeURIComponent(email)}`);
    const code = ((await mail.json()) as { data: { code: string } }).data.code;
    answer = await request.post('/v3/api/email_anonymous_login', { data: { email, nickname, code } });
  }
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

const chat = (page: Page) => page.getByTestId('chat-room');

/** A viewer in a browser context of its own, logged in and on the event's home page. */
async function viewer(browser: Browser, event: string, email: string, nickname: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await login(page.request, email, nickname);
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(`livev3:auth:${key}`, value),
    [event, token],
  );
  await openRoute(page, `/pages/home/index?token=${event}`);
  await expect(chat(page).getByRole('log')).toBeVisible({ timeout: 15_000 });
  return page;
}

async function send(page: Page, text: string) {
  await chat(page).getByLabel('发言内容').fill(text);
  await chat(page).getByRole('button', { name: '发送' }).click();
}

test('chat moderation: delete, mute everyone, pin and pre-review reach viewers without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const organiser = await login(request, ORGANISER_EMAIL, '聊天管理员');
  const moderate = async (operation: string, payload: object) => {
    const answer = await request.post(`/v3/api/chat/${operation}`, {
      data: { token: event, ...payload },
      headers: { authorization: `Bearer ${organiser}` },
    });
    const body = (await answer.json()) as { xcode: number; data: { id: number } & Record<string, unknown> };
    expect(body.xcode).toBe(200);
    return body.data;
  };
  const created = await request.post('/v3/api/console/event/create', {
    data: {
      organisation_id: CHAT_ORGANISATION,
      event: { title: `聊天管理 ${run}`, start_time: 1_800_000_000 },
    },
    headers: { authorization: `Bearer ${organiser}` },
  });
  const event = ((await created.json()) as { data: { token: string } }).data.token;
  expect(event).toBeTruthy();

  const a = await viewer(browser, event, `ma-${run}@chat.e2e`, `甲${run}`);
  const b = await viewer(browser, event, `mb-${run}@chat.e2e`, `乙${run}`);

  // A's line reaches B; the organiser deletes it (through the API): it vanishes from both pages, no reload.
  const doomed = `要删除的消息 ${run}`;
  await send(a, doomed);
  await expect(chat(b).getByText(doomed)).toBeVisible();
  const lines = (await (
    await request.post('/v3/api/chat/moderation/lines', {
      data: { token: event },
      headers: { authorization: `Bearer ${organiser}` },
    })
  ).json()) as { data: { list: { id: number; content: string }[] } };
  const line = lines.data.list.find((item) => item.content === doomed);
  expect(line).toBeDefined();
  await moderate('delete', { id: line?.id });
  await expect(chat(b).getByText(doomed)).toHaveCount(0);
  await expect(chat(a).getByText(doomed)).toHaveCount(0);

  // Muted for everyone: the send box gives way to the notice on the viewers' pages.
  await moderate('mute_all', { muted: true });
  await expect(chat(b).getByRole('status')).toHaveText('主办方已开启全员禁言');
  await expect(chat(b).getByLabel('发言内容')).toHaveCount(0);
  await moderate('mute_all', { muted: false });
  await expect(chat(b).getByLabel('发言内容')).toBeVisible();

  // A pinned announcement shows at the top, as text (markup stays characters, never elements).
  const announcement = `<b>今晚八点</b> 抽奖 ${run}`;
  await moderate('pin', { content: announcement });
  const pinned = b.getByTestId('chat-pinned');
  await expect(pinned).toContainText(announcement);
  await expect(pinned).toHaveAccessibleName('置顶公告');
  expect(await pinned.locator('b').count()).toBe(0);
  // A viewer who comes later gets it too.
  const c = await viewer(browser, event, `mc-${run}@chat.e2e`, `丙${run}`);
  await expect(c.getByTestId('chat-pinned')).toContainText(announcement);

  // Pre-review: A's line waits (A sees it marked), B does not see it until the organiser approves it.
  await moderate('review_mode', { enabled: true });
  await expect(chat(a).getByText('消息需经主办方审核后显示')).toBeVisible();
  const held = `等待审核 ${run}`;
  await send(a, held);
  const own = chat(a).getByText(held);
  await expect(own).toBeVisible();
  await expect(own).toContainText('审核中');
  const waiting = (await (
    await request.post('/v3/api/chat/waiting', {
      data: { token: event },
      headers: { authorization: `Bearer ${organiser}` },
    })
  ).json()) as { data: { list: { id: number; content: string }[] } };
  const pending = waiting.data.list.find((item) => item.content === held);
  expect(pending).toBeDefined();
  // Still only on A's page.
  await b.waitForTimeout(500);
  await expect(chat(b).getByText(held)).toHaveCount(0);
  await moderate('approve', { id: pending?.id });
  await expect(chat(b).getByText(held)).toBeVisible();
  await expect(chat(a).getByText(held)).not.toContainText('审核中');
  await moderate('review_mode', { enabled: false });
});
