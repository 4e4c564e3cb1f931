import { expect, FROZEN_TIME, holdScripts, test } from '../fixtures';
import { themeNames } from '../themes';

/**
 * The first screens the start-up paints from the HTML before any of the app's code has run (src/boot), in every
 * theme of the route's variant: the live room's, the contest home's and the channel home's, with the cover and
 * the title from the start-up's early answer. The app's code is held back for the whole test, so each capture is
 * the first screen itself; the themes are the classes the start-up puts on <html> (its data, `#lv-boot`).
 */
const FIRST_SCREENS = [
  { id: 'first-screen-home', path: '/pages/home/index?token=demo', variant: 'default' },
  { id: 'first-screen-contest', path: '/pages/template/index?vote_id=1', variant: 'default' },
  { id: 'first-screen-channel', path: '/pages/channel/index?channelToken=showcase', variant: 'channel' },
] as const;

test.describe.configure({ mode: 'parallel' });

for (const screen of FIRST_SCREENS) {
  test(`${screen.id} · ${screen.variant}`, async ({ page }) => {
    await page.clock.setFixedTime(FROZEN_TIME);
    // Held for good: the capture is what a viewer sees before the app runs.
    await holdScripts(page);
    await page.goto(`#${screen.path}`);
    const shell = page.locator('#lv-shell');
    await expect(shell.locator('[data-early="title"]').first()).not.toHaveText(/^\s*$/);
    const cover = shell.locator('img[data-early-src="cover"]').first();
    await expect(cover).toBeVisible();
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
    const themes = await page.evaluate(
      () =>
        (
          JSON.parse(document.getElementById('lv-boot')?.textContent ?? '{}') as {
            themes: Record<string, string>;
          }
        ).themes,
    );
    for (const theme of themeNames) {
      const cell = `${theme}-${screen.variant}`;
      await test.step(cell, async () => {
        const classes = themes[cell];
        expect(classes, `the start-up's data has no theme ${cell}`).toBeTruthy();
        await page.evaluate((className) => {
          const html = document.documentElement;
          for (const name of (html.dataset.themeClass ?? '').split(' '))
            if (name) html.classList.remove(name);
          html.classList.add(...className.split(' '));
          html.dataset.themeClass = className;
        }, classes as string);
        await expect.soft(page).toHaveScreenshot([cell, `${screen.id}.png`], { fullPage: true });
      });
    }
  });
}
