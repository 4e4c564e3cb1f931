import { applyTheme, expect, FROZEN_TIME, openRoute, test } from '../fixtures';
import { screens } from '../screens';

for (const screen of screens) {
  test(screen.id, async ({ page, theme, variant }) => {
    await page.clock.setFixedTime(FROZEN_TIME);
    await openRoute(page, screen.path);
    const ready = screen.ready.startsWith('css=')
      ? page.locator(screen.ready.slice(4)).first()
      : page.getByText(screen.ready, { exact: false }).first();
    await expect(ready).toBeVisible();
    await applyTheme(page, theme, variant);
    await screen.setup?.(page);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForLoadState('networkidle').catch(() => {});
    await expect(page).toHaveScreenshot(`${screen.id}.png`, {
      fullPage: true,
      mask: [page.locator('video'), page.locator('[data-testid="player"]')],
    });
  });
}
