import type { Browser, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

/** chat-e2e is seeded for this spec only (screenshots show chat-demo); its organiser logs in by e-mail. */
const EVENT = 'chat-e2e';
const ROUTE = `/pages/home/index?token=${EVENT}`;
const run = Date.now().toString(36);

type Viewer = { page: Page; token: string; userId: number; nickname: string };

/** A viewer in a browser context of its own, logged in (anonymous e-mail login) and on the event's home page. */
async function viewer(browser: Browser, email: string, nickname: string): Promise<Viewer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // An address that already has an account (the seeded organiser) logs in only with the code mailed to it.
  let answer = await page.request.post('/v3/api/email_anonymous_login', { data: { email, nickname } });
  if ((await answer.json()).data?.need_code) {
    await page.request.post('/v3/api/email/code', { data: { email } });
    const mail = await page.request.get(`/dev/mail/last?email=${encodeURIComponent(email)}`);
    const code = ((await mail.json()) as { data: { code: string } }).data.code;
    answer = await page.request.post('/v3/api/email_anonymous_login', { data: { email, nickname, code } });
  }
  const { data } = (await answer.json()) as { data: { token: string; user_id: number } };
  await page.addInitScript(
    ([event, token]) => localStorage.setItem(`livev3:auth:${event}`, token),
    [EVENT, data.token],
  );
  await openRoute(page, ROUTE);
  // The chat room is a lazily loaded block below the player and the live-room content.
  await expect(chat(page).getByRole('log')).toBeVisible({ timeout: 15_000 });
  return { page, token: data.token, userId: data.user_id, nickname };
}

const chat = (page: Page) => page.getByTestId('chat-room');

async function send(page: Page, text: string) {
  await chat(page).getByLabel('发言内容').fill(text);
  await chat(page).getByRole('button', { name: '发送' }).click();
}

test('chat: live lines, blacklist, and a red packet grabbed by two viewers with exact sums', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await viewer(browser, `a-${run}@chat.e2e`, `甲${run}`);
  const b = await viewer(browser, `b-${run}@chat.e2e`, `乙${run}`);

  // A sends, B sees it live (as text: markup stays visible characters, never elements).
  const line = `大家好 <b>${run}</b>`;
  await send(a.page, line);
  await expect(chat(a.page).getByLabel('发言内容')).toHaveValue('');
  await expect(chat(b.page).getByText(line)).toBeVisible();
  expect(await chat(b.page).locator('b').count()).toBe(0);

  // An empty line is refused with the spec's message.
  await send(b.page, '   ');
  await expect(b.page.getByText('聊天内容不能为空')).toBeVisible();

  // The organiser blacklists A from the message's menu; A can no longer send.
  const owner = await viewer(browser, 'chat-owner@livev3.test', '聊天主持人');
  await chat(owner.page)
    .getByRole('button', { name: `${a.nickname} 的消息操作` })
    .first()
    .click();
  await chat(owner.page).getByRole('menuitem', { name: '禁言该观众' }).click();
  await expect(owner.page.getByText('已将该观众禁言')).toBeVisible();
  // A's page hears the mute at once: the composer turns into the muted notice, no send needed.
  await expect(chat(a.page).getByRole('status')).toHaveText('你已被禁言，无法在本直播间发言');
  await expect(chat(a.page).getByLabel('发言内容')).toHaveCount(0);
  // And the server refuses A's line whatever the page does (403).
  const refused = await a.page.request.post('/v3/api/chat/save/msg', {
    data: { token: EVENT, content: `still here ${run}` },
    headers: { authorization: `Bearer ${a.token}` },
  });
  expect(((await refused.json()) as { xcode: number }).xcode).toBe(403);
  await expect(chat(b.page).getByText(`still here ${run}`)).toHaveCount(0);
  // Viewers cannot blacklist: B's menu of A's line offers the complaint only.
  await chat(b.page)
    .getByRole('button', { name: `${a.nickname} 的消息操作` })
    .first()
    .click();
  await expect(chat(b.page).getByRole('menuitem', { name: '投诉这条消息' })).toBeVisible();
  await expect(chat(b.page).getByRole('menuitem', { name: '禁言该观众' })).toHaveCount(0);
  await chat(b.page).getByRole('menuitem', { name: '投诉这条消息' }).press('Escape');
  await expect(chat(b.page).getByRole('menu')).toHaveCount(0);

  // A sends a red packet of 1.00 in 3 shares through the sandbox H5 payment.
  await chat(a.page).getByRole('button', { name: '发红包', exact: true }).click();
  const form = a.page.getByRole('dialog');
  await form.getByLabel('总金额（元）').fill('1.00');
  await form.getByLabel('红包个数').fill('3');
  await form.getByRole('button', { name: '塞钱进红包' }).click();
  await a.page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(a.page.getByText('支付成功')).toBeVisible();

  // B sees it live and grabs; C opens the room later and grabs.
  const card = (page: Page) => chat(page).getByRole('button', { name: `${a.nickname} 的红包` });
  await card(b.page).click();
  const outcome = (page: Page) => page.getByTestId('red-packet-outcome');
  await expect(outcome(b.page)).toHaveText(/你抢到了 ¥\d+\.\d{2}/);
  const c = await viewer(browser, `c-${run}@chat.e2e`, `丙${run}`);
  await card(c.page).click();
  await expect(outcome(c.page)).toHaveText(/你抢到了 ¥\d+\.\d{2}/);

  // B's second grab is refused by the server; tapping the card again only shows B's share.
  const { data: packet } = (await (
    await b.page.request.get(`/v3/api/wechat/redpack/check`, {
      params: { id: await packetId(b.page) },
      headers: { authorization: `Bearer ${b.token}` },
    })
  ).json()) as { data: { id: number; mine: number; remaining_count: number } };
  expect(packet.remaining_count).toBe(1);
  const again = await (
    await b.page.request.get('/v3/api/wechat/redpack/get', {
      params: { id: packet.id },
      headers: { authorization: `Bearer ${b.token}` },
    })
  ).json();
  expect(again.msg).toBe('你已经抢过这个红包了');
  // B logged in by e-mail, outside WeChat: told plainly where the share goes and what to do.
  await expect(b.page.getByTestId('red-packet-payout')).toContainText('这份红包将转入你的微信零钱');

  // A takes the last share: the three shares sum exactly to 1.00, each at least 0.10, nobody twice.
  await card(a.page).click();
  await expect(outcome(a.page)).toHaveText(/你抢到了 ¥\d+\.\d{2}/);
  // Only the sender sees every line with its amount.
  const final = (await (
    await a.page.request.get('/v3/api/wechat/redpack/check', {
      params: { id: packet.id },
      headers: { authorization: `Bearer ${a.token}` },
    })
  ).json()) as { data: { status: string; grabs: { user_id: number; amount: number }[] } };
  expect(final.data.status).toBe('finished');
  expect(final.data.grabs.reduce((sum, grab) => sum + grab.amount, 0)).toBe(100);
  expect(final.data.grabs.every((grab) => grab.amount >= 10)).toBe(true);
  expect(new Set(final.data.grabs.map((grab) => grab.user_id))).toEqual(
    new Set([a.userId, b.userId, c.userId]),
  );
  const bShare = final.data.grabs.find((grab) => grab.user_id === b.userId)?.amount ?? 0;
  await expect(outcome(b.page)).toHaveText(`你抢到了 ¥${(bShare / 100).toFixed(2)}`);
});

/** The id of the newest red packet announced in the chat (from the history the page itself reads). */
async function packetId(page: Page): Promise<number> {
  const answer = await page.request.post('/v3/api/chat/get/msg', { data: { token: EVENT } });
  const { data } = (await answer.json()) as { data: { list: { kind: string; packet_id: number }[] } };
  const packet = data.list.filter((line) => line.kind === 'redpack').at(-1);
  if (!packet) throw new Error('no red packet announced in the chat');
  return packet.packet_id;
}

test('gifts: a paid gift shows in the chat of every viewer', async ({ browser }) => {
  const giver = await viewer(browser, `giver-${run}@chat.e2e`, `送礼${run}`);
  const watcher = await viewer(browser, `watcher-${run}@chat.e2e`, `看客${run}`);
  await chat(giver.page).getByRole('button', { name: '送礼物' }).click();
  const popup = giver.page.getByRole('dialog');
  await popup.getByRole('button', { name: /蛋糕/ }).click();
  await popup.getByRole('button', { name: '×10' }).click();
  await expect(popup.getByText('合计 ¥188.00')).toBeVisible();
  await popup.getByRole('button', { name: '赠送' }).click();
  await giver.page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(giver.page.getByText('支付成功')).toBeVisible();
  await expect(
    chat(watcher.page).getByText(`送礼${run}`, { exact: true }).locator('..').getByText('送出 蛋糕 ×10'),
  ).toBeVisible();
});
