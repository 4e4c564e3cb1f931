import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, FROZEN_TIME, openThemedRoute, settled, test, trackRequests } from '../fixtures';
import { screens } from '../screens';

/** WCAG 2.1 A and AA rules (contrast, names, labels, structure) as axe checks them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A long page under load takes seconds per capture, and a comparison needs two that agree. */
const CAPTURE_TIMEOUT_MS = 15_000;
/**
 * Every screen passes axe: all WCAG 2.1 AA rules in every theme x variant. A violation fails the screenshot test that
 * showed it.
 */
async function expectAccessible(page: Page): Promise<void> {
  // Legacy mode runs axe in the page itself. The default opens a second, blank page for every analysis to combine
  // the frames' results (about 0.7 s a screen); these screens have no frames of another origin to combine.
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  const { violations } = await axe.withTags(WCAG_21_AA).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
    ),
  );
  expect(found, 'axe WCAG 2.1 AA violations').toEqual([]);
}

for (const screen of screens) {
  test(screen.id, async ({ page, theme, variant }) => {
    // Screenshot, then axe: each screen does both in every theme x variant.
    test.slow();
    await page.clock.setFixedTime(FROZEN_TIME);
    const pending = trackRequests(page);
    await openThemedRoute(page, screen.path, theme, variant);
    const ready = screen.ready.startsWith('css=')
      ? page.locator(screen.ready.slice(4)).first()
      : page.getByText(screen.ready, { exact: false }).first();
    await expect(ready).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('data-theme', `${theme}-${variant}`);
    await screen.setup?.(page);
    await settled(page, pending);
    const mask = [
      page.locator('video'),
      page.locator('[data-testid="player"]'),
      ...(screen.mask ?? []).map((selector) => page.locator(selector)),
    ];
    // `npm run gallery -- --live` collects what the current code renders, and which cells differ from the baseline.
    const liveDir = process.env.GALLERY_LIVE_DIR;
    if (liveDir) {
      const cell = path.join(liveDir, test.info().project.name, screen.id);
      await page.screenshot({
        path: `${cell}.png`,
        fullPage: true,
        mask,
        animations: 'disabled',
        caret: 'hide',
      });
      const errors = test.info().errors.length;
      await expect
        .soft(page)
        .toHaveScreenshot(`${screen.id}.png`, { fullPage: true, mask, timeout: CAPTURE_TIMEOUT_MS });
      if (test.info().errors.length > errors) fs.writeFileSync(`${cell}.differs`, '');
      return;
    }
    await expect
      .soft(page)
      .toHaveScreenshot(`${screen.id}.png`, { fullPage: true, mask, timeout: CAPTURE_TIMEOUT_MS });
    await expectAccessible(page);
  });
}
