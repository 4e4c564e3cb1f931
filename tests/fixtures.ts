import { test as base, expect, type Page } from '@playwright/test';

export type ThemeOptions = { theme: string; variant: 'default' | 'channel' };

/** A fixed moment for every screenshot (countdowns and dates render the same on every run). */
export const FROZEN_TIME = new Date('2026-05-01T12:00:00+08:00');

/**
 * Opens a hash route the way a viewer would, with the e2e hook enabled (e2e=1) and animations off. The app keeps
 * every query parameter on the hash, so the flag is appended there.
 */
export async function openRoute(page: Page, route: string): Promise<void> {
  await page.addInitScript(() => {
    document.documentElement.dataset.animations = 'off';
  });
  const separator = route.includes('?') ? '&' : '?';
  await page.goto(`#${route}${separator}e2e=1`);
}

export async function applyTheme(page: Page, theme: string, variant: string): Promise<void> {
  await page
    .waitForFunction(() => Boolean(window.__livev3), undefined, { timeout: 10_000 })
    .catch(() => {
      throw new Error('window.__livev3 is missing: the app must install its e2e hook when opened with e2e=1');
    });
  await page.evaluate(
    ([name, kind]) => window.__livev3?.setTheme(name, kind as 'default' | 'channel'),
    [theme, variant],
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', `${theme}-${variant}`);
}

export const test = base.extend<ThemeOptions>({
  theme: ['red', { option: true }],
  variant: ['default', { option: true }],
});

export { expect };
