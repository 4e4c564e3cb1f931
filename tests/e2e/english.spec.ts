/**
 * The app in English, opened with `?lang=en` as a new viewer types it (the app's own links say `locale=en`): the
 * organiser's content shows its English version where one was written (the sign-up form's fields and options, the
 * channel's category tabs, the daily bonus's title and rules, the lottery's name, prizes and rules, the welcome line),
 * the app's own texts are translated. Nothing here changes data: the sign-up form is checked in the browser only.
 */
import { expect, openRoute, test } from '../fixtures';

test('the sign-up form: fields, placeholders and options in English, and its own "cannot be empty!"', async ({
  page,
}) => {
  await openRoute(page, '/pages/vote/sign-up/index?vote_id=2&token=demo&lang=en');
  await expect(page.getByLabel('Name')).toHaveAttribute('placeholder', 'Your name');
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  const group = page.getByLabel('Age group');
  await expect(group.locator('option')).toHaveText([
    'Choose a group',
    'Juniors',
    'Young adults',
    'Adults',
    'Seniors',
  ]);
  const talents = page.getByRole('group', { name: 'Talents' });
  await expect(talents.getByLabel('Singing')).toBeVisible();
  await expect(page.getByText('About you')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('姓名');
  await expect(page.locator('main')).not.toContainText('参赛组别');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Name cannot be empty!' })).toBeVisible();
});

test("the channel's category tabs", async ({ page }) => {
  await openRoute(page, '/pages/channel/index?channelToken=showcase&lang=en');
  const tabs = page.getByRole('tablist', { name: 'Video categories' });
  for (const name of ['All', 'Live now', 'Coming up', 'Replays', 'Paid courses', 'Members only'])
    await expect(tabs.getByRole('tab', { name: new RegExp(`^${name}\\d+$`) })).toBeVisible();
  await expect(tabs).not.toContainText('付费课程');
});

test("the daily bonus's title and rules", async ({ page }) => {
  await openRoute(page, '/pages/daily-bonus/index?bonus_id=1&token=demo&lang=en');
  await expect(page.getByRole('heading', { name: 'Daily points', exact: true })).toBeVisible();
  await expect(page.getByText(/^Claim once a day; the reward grows/)).toBeVisible();
  await expect(page.locator('main')).not.toContainText('每日签到领积分');
});

test("the lottery's name, prizes, winners and rules", async ({ page }) => {
  await openRoute(page, '/pages/lottery/index?lottery_id=1&token=demo&lang=en');
  await expect(page.getByRole('heading', { name: 'Live room prize wheel' })).toBeVisible();
  const prizes = page.getByRole('list', { name: 'Prizes' });
  for (const name of ['New phone', '100 points', '¥50 coupon', 'Tote bag'])
    await expect(prizes.getByText(name, { exact: true })).toBeVisible();
  await expect(prizes).not.toContainText('新品手机');
  await expect(page.getByText(/won Bluetooth earphones/).first()).toBeAttached();
  await page.getByRole('button', { name: 'Rules' }).click();
  await expect(page.getByRole('dialog', { name: 'Rules' })).toContainText(
    'Points and coupons go straight to your account.',
  );
});

test('the welcome line of the live room', async ({ page }) => {
  await openRoute(page, '/pages/home/index?token=demo&lang=en');
  await expect(page.getByText('Welcome to the live room')).toBeVisible();
  await expect(page.getByText('欢迎来到「2026 新品发布会 · 现场直播」')).toHaveCount(0);
});
