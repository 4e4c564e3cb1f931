/**
 * Voting against the real server, on contest 2 (the e2e contest: 12 players, 3 free votes a day, ties at numbers 3/4
 * and 7/8). Contest 1 is what screenshots show and nothing here touches it. Each test logs in as its own fresh viewer
 * (e-mail anonymous login), so the daily limits of one test never leak into another.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

const CONTEST = 2;
const VIDEO_TOKEN = 'demo';

/** A session token for a fresh viewer (e-mail anonymous login). */
async function sessionFor(request: APIRequestContext, who: string): Promise<string> {
  const email = `${who}-${Date.now()}-${Math.random().toString(36).slice(2)}@e2e.test`;
  const answer = await (await request.post('/v3/api/email_anonymous_login', { data: { email } })).json();
  expect(answer.xcode).toBe(200);
  return answer.data.token as string;
}

/** Logs the page in as a fresh viewer: the session is stored where the app looks for it (under the video token). */
async function loginAs(page: Page, request: APIRequestContext, who: string): Promise<void> {
  const token = await sessionFor(request, who);
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    [`livev3:auth:${VIDEO_TOKEN}`, token],
  );
}

const contestPage = (path: string, extra = '') =>
  `${path}?vote_id=${CONTEST}&token=${VIDEO_TOKEN}${extra ? `&${extra}` : ''}`;

async function playerId(request: APIRequestContext, number: number): Promise<number> {
  const answer = await request.get(`/v3/api/vote/list?vote_id=${CONTEST}&keyword=${number}`);
  return (await answer.json()).data.list[0].id;
}

function card(page: Page, number: number) {
  return page.getByRole('listitem').filter({ hasText: new RegExp(`^${number} 号`) });
}

test('search a player by number', async ({ page }) => {
  await openRoute(page, contestPage('/pages/template/index'));
  await expect(page.getByRole('heading', { name: '校园歌手大赛（测试）' })).toBeVisible();
  // The list is windowed: only the rows near the screen exist, so count the visible cards, not all 12.
  await expect(card(page, 1)).toBeVisible();
  await page.getByRole('searchbox', { name: '按编号或姓名搜索选手' }).fill('5');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const items = page.getByRole('list', { name: '选手列表' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('5 号');
});

test('vote until the daily limit and see the limit message', async ({ page, request }) => {
  await loginAs(page, request, 'vote-limit');
  await openRoute(page, contestPage('/pages/template/index'));
  await page.getByRole('searchbox', { name: '按编号或姓名搜索选手' }).fill('12');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const player = card(page, 12);
  await expect(player).toContainText('0 票');
  const vote = player.getByRole('button', { name: /^为 .* 投票$/ });
  for (const [count, left] of [
    [1, 2],
    [2, 1],
    [3, 0],
  ]) {
    await vote.click();
    await expect(page.getByRole('status').filter({ hasText: `今日还可投 ${left} 票` })).toBeVisible();
    await expect(player).toContainText(`${count} 票`);
    await expect(vote).toBeEnabled();
  }
  await vote.click();
  await expect(page.getByRole('status').filter({ hasText: '今日投票次数已用完' })).toBeVisible();
  await expect(player).toContainText('3 票');
});

test('buy paid votes in the sandbox and see the count rise', async ({ page, request }) => {
  await loginAs(page, request, 'vote-paid');
  await openRoute(page, contestPage('/pages/vote/player/index', `player_id=${await playerId(request, 11)}`));
  const votes = page.getByTestId('player-votes');
  await expect(votes).toHaveText('5');
  await page.getByRole('button', { name: '购买票数' }).click();
  const sheet = page.getByRole('dialog', { name: /购买票数/ });
  await sheet.getByRole('button', { name: '5 票', exact: true }).click();
  await sheet.getByRole('button', { name: '支付 ¥5.00' }).click();
  // Outside WeChat the H5 payment page opens and returns to the player page.
  await expect(page.getByRole('heading', { name: 'WeChat Pay sandbox' })).toBeVisible();
  await expect(page.getByText('¥5.00')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('heading', { name: '选手详情' })).toBeVisible();
  await expect(votes).toHaveText('10');
  await expect(page.getByRole('status').filter({ hasText: '支付成功，票数已增加' })).toBeVisible();
});

test('the rank list order changes after votes', async ({ page, request }) => {
  await loginAs(page, request, 'vote-rank');
  await openRoute(page, contestPage('/pages/vote/rank/index'));
  const rows = page.getByTestId('rank-row');
  const order = async () =>
    (await rows.allInnerTexts())
      .map((text) => /(\d+) 号/.exec(text)?.[1])
      .filter((n) => n === '7' || n === '8');
  // Numbers 7 and 8 are tied: the lower number ranks first.
  await expect.poll(order).toEqual(['7', '8']);
  await openRoute(page, contestPage('/pages/vote/player/index', `player_id=${await playerId(request, 8)}`));
  await page.getByRole('button', { name: /^为 .* 投票$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '投票成功' })).toBeVisible();
  await openRoute(page, contestPage('/pages/vote/rank/index'));
  await expect.poll(order).toEqual(['8', '7']);
});

test('vote counts of other viewers show up within seconds', async ({ page, request }) => {
  await openRoute(page, contestPage('/pages/template/index'));
  const player = card(page, 9);
  await expect(player).toContainText('10 票');
  // Another viewer votes through the API while this page stays open.
  const token = await sessionFor(request, 'vote-live');
  const answer = await request.post(`/v3/api/vote/user/vote`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { vote_id: CONTEST, player_id: await playerId(request, 9), idempotency_key: `live${Date.now()}` },
  });
  expect((await answer.json()).xcode).toBe(200);
  await expect(player).toContainText('11 票', { timeout: 10_000 });
});

/** The smallest valid PNG (1x1): the upload host checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('sign up with two images uploaded through qiniu-js to the local upload host', async ({
  page,
  request,
}) => {
  await loginAs(page, request, 'vote-signup');
  await openRoute(page, contestPage('/pages/vote/sign-up/index'));
  await page.getByRole('button', { name: '提交报名' }).click();
  await expect(page.getByRole('status').filter({ hasText: '姓名不能为空！' })).toBeVisible();

  await page.getByLabel('姓名').fill('测试选手');
  await page.getByLabel('手机号').fill('13800138000');
  await page.getByLabel('参赛组别').selectOption('青年组');
  await page.getByRole('checkbox', { name: '唱歌' }).check();
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && !sent.url().includes('/api/')) uploads.push(sent.url());
  });
  // Four images where three are allowed: refused with the spec's message, nothing uploads.
  await page
    .getByLabel('参赛照片')
    .setInputFiles(
      ['a', 'b', 'c', 'd'].map((name) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: PNG })),
    );
  await expect(page.getByRole('status').filter({ hasText: '上传数量超出限制' })).toBeVisible();
  await expect(page.getByTestId('upload-item')).toHaveCount(0);
  await page.getByLabel('参赛照片').setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: PNG },
    { name: 'b.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.locator('[data-testid="upload-item"][data-state="done"]')).toHaveCount(2);
  expect(uploads.length).toBeGreaterThanOrEqual(2);
  await page.getByRole('button', { name: '提交报名' }).click();
  const mask = page.getByTestId('sign-mask');
  await expect(mask).toContainText('已报名：测试选手');
  await expect(mask).toContainText('正在审核中');
  // The sign mask stays after a reload: the contest says this viewer has signed up.
  await page.reload();
  await expect(page.getByTestId('sign-mask')).toContainText('正在审核中');
});

test('a half-filled sign-up survives a reload, and its draft is gone once it is sent', async ({
  page,
  request,
}) => {
  await loginAs(page, request, 'vote-draft');
  await openRoute(page, contestPage('/pages/vote/sign-up/index'));
  await page.getByLabel('姓名').fill('草稿选手');
  await page.getByLabel('手机号').fill('13700137000');
  await page.getByLabel('参赛组别').selectOption('青年组');
  await page.getByRole('checkbox', { name: '舞蹈' }).check();
  await page.getByLabel('个人简介').fill('刷新以后还在');
  await page.getByLabel('参赛照片').setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: PNG }]);
  const uploaded = page.locator('[data-testid="upload-item"][data-state="done"]');
  await expect(uploaded).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel('姓名')).toHaveValue('草稿选手');
  await expect(page.getByLabel('手机号')).toHaveValue('13700137000');
  await expect(page.getByLabel('参赛组别')).toHaveValue('青年组');
  await expect(page.getByRole('checkbox', { name: '舞蹈' })).toBeChecked();
  await expect(page.getByLabel('个人简介')).toHaveValue('刷新以后还在');
  // The finished upload comes back too, and counts for the required photos.
  await expect(uploaded).toHaveCount(1);

  await page.getByRole('button', { name: '提交报名' }).click();
  await expect(page.getByTestId('sign-mask')).toContainText('已报名：草稿选手');
  const draftKey = `livev3:draft:vote-sign-up:${CONTEST}`;
  expect(await page.evaluate((key) => sessionStorage.getItem(key), draftKey)).toBeNull();
});

test('the poster is drawn as an image to long-press, with the QR code', async ({ page, request }) => {
  const qr: string[] = [];
  page.on('response', (answer) => {
    if (answer.url().includes('/v2/api/mini/qrcode/vote')) qr.push(answer.headers()['content-type'] ?? '');
  });
  await openRoute(page, contestPage('/pages/vote/player/index', `player_id=${await playerId(request, 1)}`));
  await page.getByRole('button', { name: '海报' }).click();
  const poster = page.getByRole('dialog', { name: '海报' }).getByRole('img', { name: /选手海报/ });
  await expect(poster).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect(qr).toContain('image/png');
  const size = await poster.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  expect(size[0]).toBeGreaterThan(300);
});

test('paid registration: sign up, pay the fee in the sandbox, then the sign mask says approved', async ({
  page,
  request,
}) => {
  await loginAs(page, request, 'vote-paid-signup');
  await openRoute(page, `/pages/vote/sign-up/index?vote_id=3&token=${VIDEO_TOKEN}`);
  await expect(page.getByText('报名费 ¥1.00')).toBeVisible();
  await page.getByLabel('姓名').fill('付费选手');
  await page.getByLabel('手机号').fill('13900139000');
  await page.getByLabel('参赛照片').setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(page.locator('[data-testid="upload-item"][data-state="done"]')).toHaveCount(1);
  await page.getByRole('button', { name: '提交并支付报名费' }).click();
  const mask = page.getByTestId('sign-mask');
  await expect(mask).toContainText('支付报名费后进入审核');
  await mask.getByRole('button', { name: '支付报名费 ¥1.00' }).click();
  await expect(page.getByRole('heading', { name: 'WeChat Pay sandbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByTestId('sign-mask')).toContainText('审核通过，你的参赛编号是');
});

test('a vote without a login asks for the login and counts nothing', async ({ page }) => {
  await openRoute(page, contestPage('/pages/template/index'));
  const player = card(page, 1);
  await expect(player).toContainText('30 票');
  await player.getByRole('button', { name: /^为 .* 投票$/ }).click();
  // Outside WeChat the vote asks for the login page (it is cast after the login, once).
  await expect(page.getByRole('status').filter({ hasText: '请先登录' }).first()).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await page.goBack();
  await expect(card(page, 1)).toContainText('30 票');
});

test('in English the per-player limit counts its votes: "1 vote", not "1 votes"', async ({
  page,
  request,
}) => {
  // Contest 3 allows one free vote a day for each player; a fresh viewer votes twice for the same player.
  await loginAs(page, request, 'vote-plural');
  const answer = await request.get('/v3/api/vote/list?vote_id=3&page_size=1');
  const player = (await answer.json()).data.list[0].id as number;
  await openRoute(
    page,
    `/pages/vote/player/index?vote_id=3&player_id=${player}&token=${VIDEO_TOKEN}&locale=en`,
  );
  const vote = page.getByRole('button', { name: /^Vote for / });
  await vote.click();
  await expect(page.getByRole('status').filter({ hasText: /^Voted! 4 votes left today$/ })).toBeVisible();
  await vote.click();
  await expect(
    page.getByRole('status').filter({
      hasText: 'You have given this player 1 vote today; come back tomorrow or vote for another player',
    }),
  ).toBeVisible();
});
