import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';

/**
 * A newcomer reaches every page by taps, from the demo room or the channel home, without typing a link: the live
 * room's 我的 opens the user centre, whose links open the event's activities and the viewer's own pages, each with
 * the event token kept; the room's contest card opens the contest and its pages. Each test is a fresh viewer of its
 * own (e-mail login) and only opens pages: nothing a screenshot shows changes. The demo organisation's operator
 * (server/seed/organisations.ts) finds the organiser pages the same way; it only opens them too.
 */
const run = Date.now().toString(36);
const ROOM_TITLE = '2026 新品发布会 · 现场直播';
const LOTTERY = '直播间幸运大转盘';
const BONUS = '每日签到领积分';
const SCORE_TABLE = '2026 校园歌手大赛 · 决赛成绩';

async function loginAsNewViewer(page: Page, request: APIRequestContext, name: string) {
  const email = `${name}-${run}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const answer = await (
    await request.post('/v3/api/email_anonymous_login', { data: { email, nickname: name } })
  ).json();
  expect(answer.xcode).toBe(200);
  await page.addInitScript(
    (token) => localStorage.setItem('livev3:auth', token),
    answer.data.token as string,
  );
}

/** The demo organisation's operator (7003: downloads and check-in among its actions), by its seeded session. */
const OPERATOR_TOKEN = 'shop-organiser-7003';

const pageHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Taps the live room's way to the user centre (it arrives with the header's actions, after the player). */
async function openUserCentre(page: Page, name = '我的', heading = '我的') {
  await page.getByRole('link', { name, exact: true }).click();
  await expect(pageHeading(page, heading)).toBeVisible();
}

/**
 * Taps each link of `links` and checks the page it opens (its heading, the event kept), then goes back and checks
 * where it returned with `back`.
 */
async function tapEach(
  page: Page,
  links: Locator,
  entries: { link: string; heading: string }[],
  back: () => Promise<void>,
) {
  for (const { link, heading } of entries) {
    await test.step(link, async () => {
      await links.getByRole('link', { name: link, exact: true }).click();
      await expect(pageHeading(page, heading)).toBeVisible();
      await expect(page).toHaveURL(/[?&]token=demo(&|$)/);
      await page.goBack();
      await back();
    });
  }
}

/** The user centre's links, and the heading of the page each opens. */
/** The demo event's activities (GET /v3/api/event/activities), each titled by its name, and the page each opens. */
const ACTIVITY_LINKS: { link: string; heading: string }[] = [
  { link: LOTTERY, heading: LOTTERY },
  { link: BONUS, heading: BONUS },
  { link: '签到', heading: '签到' },
  { link: SCORE_TABLE, heading: SCORE_TABLE },
  { link: '商城', heading: '商城' },
];

const CENTRE_LINKS: { link: string; heading: string }[] = [
  ...ACTIVITY_LINKS,
  { link: '我的订单', heading: '我的订单' },
  { link: '收货地址', heading: '收货地址' },
  { link: '我的收藏', heading: '我的收藏' },
  { link: '会员中心', heading: '会员' },
  { link: '绑定手机', heading: '绑定手机' },
  { link: '信息登记', heading: '信息登记' },
  { link: '投诉', heading: '投诉原因' },
  { link: '诊断信息', heading: '测试' },
];

test('from the demo room every page of the user centre is a tap away, with the event kept', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await loginAsNewViewer(page, request, 'taps');
  await openRoute(page, '/pages/home/index?token=demo');
  await expect(pageHeading(page, ROOM_TITLE)).toBeVisible();
  await openUserCentre(page);
  await expect(page).toHaveURL(/#\/pages\/user\/index\?token=demo/);

  await tapEach(page, page.getByRole('navigation'), CENTRE_LINKS, () =>
    expect(pageHeading(page, '我的')).toBeVisible(),
  );

  await test.step('我的签到', async () => {
    await page.getByRole('link', { name: '我的签到', exact: true }).click();
    await expect(pageHeading(page, '签到')).toBeVisible();
    await expect(page.getByRole('heading', { name: '我的签到' })).toBeInViewport();
    await page.goBack();
  });

  await test.step('我的邀请', async () => {
    await page.getByRole('link', { name: '我的邀请', exact: true }).click();
    await expect(pageHeading(page, ROOM_TITLE)).toBeVisible();
    await expect(page.getByRole('region', { name: '邀请好友' })).toBeInViewport();
  });
});

test("from the demo room each of the event's activities is a tap away, titled by its name", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await loginAsNewViewer(page, request, 'activities');
  await openRoute(page, '/pages/home/index?token=demo');
  await expect(pageHeading(page, ROOM_TITLE)).toBeVisible();
  const activities = page.getByRole('navigation', { name: '活动', exact: true });
  await expect(activities.getByRole('link')).toHaveCount(ACTIVITY_LINKS.length);
  for (const { link, heading } of ACTIVITY_LINKS) {
    await test.step(link, async () => {
      await activities.getByRole('link', { name: link, exact: true }).click();
      await expect(pageHeading(page, heading)).toBeVisible();
      await expect(page).toHaveURL(/[?&]token=demo(&|$)/);
      // A page showing a named record is titled by it, the document as well as the page.
      await expect(page).toHaveTitle(heading);
      await page.goBack();
      await expect(pageHeading(page, ROOM_TITLE)).toBeVisible();
    });
  }
});

test('the activities are titled in English where the organiser wrote English names', async ({ page }) => {
  await openRoute(page, '/pages/home/index?token=demo&locale=en');
  const activities = page.getByRole('navigation', { name: 'Activities', exact: true });
  await activities.getByRole('link', { name: 'Live room prize wheel', exact: true }).click();
  await expect(pageHeading(page, 'Live room prize wheel')).toBeVisible();
  await expect(page).toHaveTitle('Live room prize wheel');
  await page.goBack();
  await activities.getByRole('link', { name: 'Daily points', exact: true }).click();
  await expect(pageHeading(page, 'Daily points')).toBeVisible();
});

test('from the demo room an organiser taps to the downloads and to staff check-in, with the event kept', async ({
  page,
}) => {
  await page.addInitScript((token) => localStorage.setItem('livev3:auth', token), OPERATOR_TOKEN);
  await openRoute(page, '/pages/home/index?token=demo');
  await expect(pageHeading(page, ROOM_TITLE)).toBeVisible();
  await openUserCentre(page);
  await tapEach(
    page,
    page.getByRole('navigation', { name: '组织者' }),
    [
      { link: '数据下载', heading: '数据下载' },
      { link: '工作人员签到', heading: '工作人员签到' },
    ],
    () => expect(pageHeading(page, '我的')).toBeVisible(),
  );
});

test("a viewer who is nobody's staff sees no organiser pages in the user centre", async ({
  page,
  request,
}) => {
  await loginAsNewViewer(page, request, 'not-staff');
  await openRoute(page, '/pages/home/index?token=demo');
  const answered = page.waitForResponse((response) => response.url().includes('/organisations/my_actions'));
  await openUserCentre(page);
  expect((await (await answered).json()).data).toEqual({ actions: [] });
  await expect(page.getByRole('navigation', { name: '我的服务' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '组织者' })).toHaveCount(0);
});

test("from the demo room the contest's pages are taps away", async ({ page }) => {
  await openRoute(page, '/pages/home/index?token=demo');
  await page.getByRole('link', { name: '进入投票活动' }).first().click();
  await expect(page).toHaveURL(/#\/pages\/template\/index\?.*vote_id=\d+/);
  const contest = page.url();
  await tapEach(
    page,
    page.getByRole('navigation', { name: '活动页面' }),
    [
      { link: '排行榜', heading: '排行榜' },
      { link: '队伍排行', heading: '队伍排行' },
      { link: '评分', heading: '评分' },
      { link: '今日之星', heading: '今日之星' },
    ],
    async () => expect(page.url()).toBe(contest),
  );
});

test('from the channel home the user centre is a tap away, in English too', async ({ page, request }) => {
  await loginAsNewViewer(page, request, 'channel');
  await openRoute(page, '/pages/channel/index?channelToken=showcase&locale=en');
  await openUserCentre(page, 'My account', 'My account');
  await expect(page).toHaveURL(/channelToken=showcase/);
  // Outside an event the user centre links to the viewer's own pages only: no event, no activities.
  await expect(page.getByRole('navigation', { name: 'My services' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Activities' })).toHaveCount(0);
  await page.getByRole('link', { name: 'My orders', exact: true }).click();
  await expect(pageHeading(page, 'My orders')).toBeVisible();
});

test('logged out, the user centre still lists the pages and offers the login', async ({ page }) => {
  await openRoute(page, '/pages/home/index?token=demo');
  await expect(pageHeading(page, ROOM_TITLE)).toBeVisible();
  await openUserCentre(page);
  await expect(page.getByRole('button', { name: '登录 / 注册' })).toBeVisible();
  await page.getByRole('link', { name: LOTTERY, exact: true }).click();
  await expect(pageHeading(page, LOTTERY)).toBeVisible();
});
