import type { Page } from '@playwright/test';
import { expect, holdScripts, test } from '../fixtures';

/**
 * Every route paints its first screen from the HTML alone (src/boot/prerender.tsx, src/boot/start.ts), before any of
 * the app's code has run, and the page takes its place without moving anything: the app's code is held back here
 * until the first screen has been looked at, then let through. The first screen's heading is the page's, at the
 * same place, and nothing shifts (the browser's own layout-shift entries).
 */
const ROUTES = [
  '/pages/home/index?token=demo',
  '/pages/channel/index?channelToken=showcase',
  '/pages/template/index?vote_id=1',
  '/pages/jinrizhixing/index?vote_id=1',
  '/pages/vote/rank/index?vote_id=1',
  '/pages/vote/sign-up/index?vote_id=1',
  '/pages/shop/index?token=demo',
  '/pages/user/index?token=demo',
  '/pages/login/index?token=demo',
  '/pages/lottery/index?token=demo&lottery_id=1',
  '/pages/daily-bonus/index?token=demo&bonus_id=1',
  '/pages/check-in/index?token=demo',
  '/pages/score_query/index?token=demo&query_id=1',
];

/**
 * The record's name that titles the page once its data is in (the contest home's first screen takes it from the
 * early answer, which may arrive after the first look).
 */
const NAMED_BY_RECORD: Record<string, string> = {
  '/pages/template/index?vote_id=1': '2026 年度人气之星评选',
  '/pages/lottery/index?token=demo&lottery_id=1': '直播间幸运大转盘',
  '/pages/daily-bonus/index?token=demo&bonus_id=1': '每日签到领积分',
  '/pages/score_query/index?token=demo&query_id=1': '2026 校园歌手大赛 · 决赛成绩',
};

/** Notes when the page takes the first screen's place (`window.__handedOver`, in the page's clock). */
async function watchHandOver(page: Page) {
  await page.addInitScript(() => {
    const html = document.documentElement;
    new MutationObserver(() => {
      const state = window as { __handedOver?: number; __shelled?: boolean };
      if (html.classList.contains('lv-shelled')) state.__shelled = true;
      else if (state.__shelled && state.__handedOver === undefined) state.__handedOver = performance.now();
    }).observe(html, { attributes: true, attributeFilter: ['class'] });
  });
}

/**
 * The layout shifts of the hand-over: those up to the frames that follow it (what the page's data does afterwards,
 * filling its lists, is the page's own business, as without a first screen).
 */
const handOverShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const handedOver = (window as { __handedOver?: number }).__handedOver ?? 0;
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >)
            if (!entry.hadRecentInput && entry.startTime <= handedOver + 50) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );

for (const route of ROUTES) {
  test(`the first screen of ${route} is painted from the HTML and becomes the page without a shift`, async ({
    page,
  }) => {
    // The check-in page's hand-over took 13-30 s with the whole suite running on two cores: this checks what the
    // hand-over does, not how fast (that is the bench's).
    test.setTimeout(60_000);
    const release = await holdScripts(page);
    await watchHandOver(page);
    await page.goto(`#${route}`);
    const shell = page.locator('#lv-shell');
    // Painted with no script of the build run: the start-up is inline.
    await expect(page.locator('html')).toHaveClass(/lv-shelled/);
    await expect(shell).not.toBeEmpty();
    const heading = shell.locator('h1').first();
    const hasHeading = (await heading.count()) > 0;
    // The live room's title comes from the early answer: wait for it before looking.
    if (route.startsWith('/pages/home/')) await expect(heading).not.toHaveText(/^\s*$/);
    const before = hasHeading
      ? { text: (await heading.innerText()).trim(), box: await heading.boundingBox() }
      : null;

    release();
    await expect(page.locator('html')).not.toHaveClass(/lv-shelled/, { timeout: 15_000 });
    await expect(shell).toBeEmpty();
    if (before) {
      const after = page.locator('#root h1').first();
      // A page named by its record (src/lib/entity-title.ts) takes the record's name once its data is in, at the
      // same place: the first screen's heading or that name.
      const named = NAMED_BY_RECORD[route];
      await expect(after).toHaveText(named ? new RegExp(`^(${before.text}|${named})$`) : before.text);
      const box = await after.boundingBox();
      expect(box?.y).toBeCloseTo(before.box?.y ?? -1, 0);
      expect(box?.height).toBeCloseTo(before.box?.height ?? -1, 0);
    }
    expect(await handOverShifts(page)).toBeLessThan(0.01);
  });
}
