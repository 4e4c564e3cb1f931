import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect, FROZEN_TIME, openThemedRoute, settled, test, trackRequests } from '../fixtures';
import { screens } from '../screens';
import { themeNames, variants } from '../themes';

/** WCAG 2.1 A and AA rules (contrast, names, labels, structure) as axe checks them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules outside those tags that Lighthouse's accessibility score counts: headings that skip a level (an h3 right under
 * the page's h1) cost a page its 100 there.
 */
const ALSO = { 'heading-order': { enabled: true } };

/** A long page under load takes seconds per capture, and a comparison needs two that agree. */
const CAPTURE_TIMEOUT_MS = 15_000;

/** Every theme's capture and analysis of one screen: seven of each, seconds apiece on a busy machine. */
const SCREEN_TIMEOUT_MS = 180_000;

/**
 * The axe rules whose outcome a theme can change. A theme is a class on <html> that swaps colour tokens
 * (src/app/theme-root.ts): names, labels, roles and structure are the same markup in every theme, colours are not.
 */
const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's browser script, put into each screen's page once and run there for every theme. */
const AXE_SOURCE = axe.source;

type AxeRun = (
  context: Document,
  options: {
    runOnly: { type: 'tag' | 'rule'; values: string[] };
    rules?: Record<string, { enabled: boolean }>;
    resultTypes: ['violations'];
  },
) => Promise<{
  violations: {
    id: string;
    impact?: string | null;
    nodes: { target: string[]; failureSummary?: string }[];
  }[];
}>;

/**
 * Every screen passes axe: all WCAG 2.1 AA rules in a variant's first theme, and the rules a theme changes (above) in
 * every other theme, which is the same as all rules in every theme x variant at a third of the cost. A violation fails
 * the screen's test (soft: the other themes are still captured and analysed, and every violation is reported).
 * axe is evaluated in the page once, not for every analysis: starting its script took longer than the colour
 * rules take to run.
 */
async function expectAccessible(page: Page, cell: string, rules: 'all' | 'theme'): Promise<void> {
  // Evaluated, not added as a <script>: the app's CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly =
    rules === 'all'
      ? { type: 'tag' as const, values: WCAG_21_AA }
      : { type: 'rule' as const, values: THEME_RULES };
  const violations = await page.evaluate(
    async (options) =>
      (await (window as unknown as { axe: { run: AxeRun } }).axe.run(document, options)).violations,
    { runOnly, ...(rules === 'all' ? { rules: ALSO } : {}), resultTypes: ['violations'] as ['violations'] },
  );
  const found = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
    ),
  );
  expect.soft(found, `axe WCAG 2.1 AA violations in ${cell}`).toEqual([]);
}

/** Switches the page's theme in place (a class on <html>, see src/app/theme-root.ts) and waits until it applies. */
async function switchTheme(page: Page, theme: string, variant: string): Promise<void> {
  await page.evaluate(
    ([name, themeVariant]) => {
      window.__livev3?.setTheme(name, themeVariant as 'default' | 'channel');
    },
    [theme, variant] as const,
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', `${theme}-${variant}`);
}

// A screen's test opens it once per variant, in the first theme as a viewer's first render, then switches the theme
// in place for the others: a theme is a class on <html>, so each capture shows exactly what a viewer opening the
// screen in that theme sees, without loading and starting the app seven times over.
test.describe.configure({ mode: 'parallel' });

for (const screen of screens) {
  for (const variant of variants) {
    test(`${screen.id} · ${variant}`, async ({ page }) => {
      test.setTimeout(SCREEN_TIMEOUT_MS);
      await page.clock.setFixedTime(FROZEN_TIME);
      const pending = trackRequests(page);
      const [first] = themeNames;
      await openThemedRoute(page, screen.path, first, variant);
      const ready = screen.ready.startsWith('css=')
        ? page.locator(screen.ready.slice(4)).first()
        : page.getByText(screen.ready, { exact: false }).first();
      await expect(ready).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('html')).toHaveAttribute('data-theme', `${first}-${variant}`);
      await screen.setup?.(page);
      await settled(page, pending);
      const mask = [
        page.locator('video'),
        page.locator('[data-testid="player"]'),
        // How many watch now: whoever else is in the room (other tests) counts.
        page.getByTestId('audience'),
        ...(screen.mask ?? []).map((selector) => page.locator(selector)),
      ];
      // `npm run gallery -- --live` collects what the current code renders, and which cells differ from the baseline.
      const liveDir = process.env.GALLERY_LIVE_DIR;
      for (const theme of themeNames) {
        const cell = `${theme}-${variant}`;
        await test.step(cell, async () => {
          if (theme !== first) await switchTheme(page, theme, variant);
          const name = [cell, `${screen.id}.png`];
          const options = { fullPage: true, mask, timeout: CAPTURE_TIMEOUT_MS };
          if (liveDir) {
            const file = path.join(liveDir, cell, screen.id);
            await page.screenshot({ ...options, path: `${file}.png`, animations: 'disabled', caret: 'hide' });
            const errors = test.info().errors.length;
            await expect.soft(page).toHaveScreenshot(name, options);
            if (test.info().errors.length > errors) fs.writeFileSync(`${file}.differs`, '');
            return;
          }
          await expect.soft(page).toHaveScreenshot(name, options);
          await expectAccessible(page, cell, theme === first ? 'all' : 'theme');
        });
      }
    });
  }
}
