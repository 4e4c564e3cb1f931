/**
 * Engagement against the real server, in zh-CN and English: draw in lottery 2 (every draw wins) and give delivery
 * details, win 100 points in lottery 3 (credited, no address), claim daily bonus 2, check in to event checkin-e2e with
 * a faked location, and query score table 1. Each test logs in as its own fresh viewer; the screenshot entities
 * (lottery 1, bonus 1, event demo) are never touched.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

const VIDEO_TOKEN = 'demo';

async function loginAs(page: Page, request: APIRequestContext, who: string, videoToken = VIDEO_TOKEN) {
  const email = `${who}-${Date.now()}-${Math.random().toString(36).slice(2)}@e2e.test`;
  const answer = await (await request.post('/v3/api/email_anonymous_login', { data: { email } })).json();
  expect(answer.xcode).toBe(200);
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    [`livev3:auth:${videoToken}`, answer.data.token as string],
  );
}

const texts = {
  'zh-CN': {
    draw: '抽奖',
    won: '恭喜中奖',
    fill: '填写收货信息',
    name: '收货人',
    phone: '手机号',
    address: '收货地址',
    send: '提交',
    sent: '收货信息已提交',
    given: '收货信息：王小明 13912345678',
    pointsCredited: '100 积分已存入您的账户',
    pointsBalance: '积分余额：100',
    ok: '好的',
    credited: '已发放到您的账户',
    claim: '领取今日奖励',
    claimed: '领取成功：+10 积分',
    claimedToday: '今日已领取',
    balance: '积分余额：10',
    checkIn: '签到 测试签到（定位）',
    allow: '允许并签到',
    checkedIn: '签到成功',
    done: '已签到',
    mine: '我的签到',
    noMine: '还没有签到记录',
    checkedInAt: /签到时间/,
    fieldName: '姓名',
    fieldId: '身份证后四位',
    query: '查询',
    rank: /第 \d+ 名 \/ 共 24 人/,
    miss: '未查询到匹配的成绩，请核对填写的信息',
  },
  en: {
    draw: 'Draw',
    won: 'You won!',
    fill: 'Give delivery details',
    name: 'Recipient',
    phone: 'Mobile number',
    address: 'Address',
    send: 'Send',
    sent: 'Delivery details sent',
    given: 'Delivery: 王小明 13912345678',
    pointsCredited: '100 points added to your account',
    pointsBalance: 'Points balance: 100',
    ok: 'OK',
    credited: 'Added to your account',
    claim: "Claim today's bonus",
    claimed: 'Claimed: +10 points',
    claimedToday: 'Claimed today',
    balance: 'Points balance: 10',
    checkIn: 'Check in 测试签到（定位）',
    allow: 'Allow and check in',
    checkedIn: 'Checked in',
    done: 'Checked in',
    mine: 'My check-ins',
    noMine: 'No check-ins yet',
    checkedInAt: /Checked in at/,
    fieldName: 'Name',
    fieldId: 'Last 4 of ID number',
    query: 'Look up',
    rank: /Rank \d+ of 24/,
    miss: 'No matching result; please check what you entered',
  },
} as const;

for (const [locale, text] of Object.entries(texts)) {
  const route = (path: string, query: string) => `${path}?token=${VIDEO_TOKEN}&${query}&locale=${locale}`;

  test(`${locale}: draw in the lottery, win and give delivery details once`, async ({ page, request }) => {
    await loginAs(page, request, 'lottery');
    await openRoute(page, route('/pages/lottery/index', 'lottery_id=2'));
    await page.getByRole('button', { name: text.draw, exact: true }).click();
    const result = page.getByRole('dialog', { name: text.won });
    // The wheel lands on the server's result before the pop-up opens: allow for a busy machine.
    await expect(result).toBeVisible({ timeout: 15_000 });
    await result.getByRole('button', { name: text.fill }).click();
    const form = page.getByRole('dialog', { name: /收货信息|Delivery details/ });
    await form.getByLabel(text.name).fill('王小明');
    await form.getByLabel(text.phone).fill('13912345678');
    await form.getByLabel(text.address).fill('上海市浦东新区世纪大道 1 号');
    await form.getByRole('button', { name: text.send }).click();
    await expect(page.getByRole('status').filter({ hasText: text.sent })).toBeVisible();
    await page.reload();
    await expect(page.getByText(text.given)).toBeVisible();
  });

  test(`${locale}: a points prize goes to the points balance at once and asks for no address`, async ({
    page,
    request,
  }) => {
    await loginAs(page, request, 'points');
    await openRoute(page, route('/pages/lottery/index', 'lottery_id=3'));
    await page.getByRole('button', { name: text.draw, exact: true }).click();
    const result = page.getByRole('dialog', { name: text.won });
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result.getByText(text.pointsCredited)).toBeVisible();
    await expect(result.getByText(text.pointsBalance)).toBeVisible();
    await expect(result.getByRole('button', { name: text.fill })).toHaveCount(0);
    await result.getByRole('button', { name: text.ok }).click();
    // My prizes lists it as credited, with no delivery form to fill.
    await page.reload();
    await expect(page.getByText(text.credited)).toBeVisible();
    await expect(page.getByRole('button', { name: text.fill })).toHaveCount(0);
    // The daily bonus of the same event reads the same balance from the server.
    await openRoute(page, route('/pages/daily-bonus/index', 'bonus_id=2'));
    await expect(page.getByText(text.pointsBalance)).toBeVisible();
  });

  test(`${locale}: claim the daily bonus once`, async ({ page, request }) => {
    await loginAs(page, request, 'bonus');
    await openRoute(page, route('/pages/daily-bonus/index', 'bonus_id=2'));
    await page.getByRole('button', { name: text.claim }).click();
    await expect(page.getByRole('status').filter({ hasText: text.claimed })).toBeVisible();
    await expect(page.getByRole('button', { name: text.claimedToday })).toBeDisabled();
    // The reward was given: the points balance shows it, and still does after a reload (from the server).
    await expect(page.getByText(text.balance)).toBeVisible();
    await page.reload();
    await expect(page.getByText(text.balance)).toBeVisible();
  });

  test(`${locale}: check in with the location near the check-in point`, async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 31.2306, longitude: 121.4739 });
    await loginAs(page, request, 'check-in', 'checkin-e2e');
    await openRoute(page, `/pages/check-in/index?token=checkin-e2e&locale=${locale}`);
    const mine = page.getByRole('region', { name: text.mine });
    await expect(mine.getByText(text.noMine)).toBeVisible();
    await page.getByRole('button', { name: text.checkIn }).click();
    await page.getByRole('button', { name: text.allow }).click();
    await expect(page.getByRole('status').filter({ hasText: text.checkedIn })).toBeVisible();
    const activity = page.getByRole('listitem').filter({ hasText: '测试签到（定位）' }).first();
    await expect(activity.getByText(text.done, { exact: true })).toBeVisible();
    // My check-ins shows it at once, without a reload.
    const mineLine = mine.getByRole('listitem').filter({ hasText: '测试签到（定位）' });
    await expect(mineLine.getByText(text.checkedInAt)).toBeVisible();
    await expect(mine.getByText(text.noMine)).toBeHidden();
  });

  test(`${locale}: query a score, see the result card, and a miss reveals nothing`, async ({
    page,
    request,
  }) => {
    await loginAs(page, request, 'score');
    await openRoute(page, route('/pages/score_query/index', 'query_id=1'));
    await page.getByLabel(text.fieldName).fill('张伟');
    await page.getByLabel(text.fieldId).fill('0000');
    await page.getByRole('button', { name: text.query, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: text.miss })).toBeVisible();
    await page.getByLabel(text.fieldId).fill('1234');
    await page.getByRole('button', { name: text.query, exact: true }).click();
    await expect(page.getByText(text.rank)).toBeVisible();
  });
}
