import { test, expect, type Page } from '@playwright/test';

/** A fixed moment for every screenshot (countdowns and dates render the same on every run). */
export const FROZEN_TIME = new Date('2026-05-01T12:00:00+08:00');

/**
 * Opens a hash route the way a viewer would, with animations off and the suite's hooks enabled: the flag is set by an
 * init script before the app runs, so no link can enable them in production.
 */
export async function openRoute(page: Page, route: string): Promise<void> {
  await page.addInitScript(() => {
    (window as { __livev3Suite?: boolean }).__livev3Suite = true;
    document.documentElement.dataset.animations = 'off';
  });
  await page.goto(`#${route}`);
  await firstScreenReplaced(page);
}

/**
 * Resolves once the page has taken the place of the start-up's first screen (src/boot/start.ts): until then the page
 * renders hidden under a copy of its first screen, whose inert controls a test must not find first.
 */
export async function firstScreenReplaced(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.documentElement.classList.contains('lv-shelled'), null, {
    timeout: 20_000,
  });
}

/** Opens a route in a forced theme (`theme=&variant=` on the hash, honoured under the suite): the first render is themed. */
export async function openThemedRoute(
  page: Page,
  route: string,
  theme: string,
  variant: string,
): Promise<void> {
  const separator = route.includes('?') ? '&' : '?';
  await openRoute(page, `${route}${separator}theme=${theme}&variant=${variant}`);
}

/** Requests that never settle while a page is open: the stream's playlists and segments, the socket's long poll. */
const ENDLESS = /\.(m3u8|ts|m4s)(\?|$)|\/socket\.io\//;

/** How long no request may be in flight before a page counts as settled (a chain of lazy chunks has gaps). */
const QUIET_MS = 150;

/**
 * Resolves once no request the page started has been in flight for QUIET_MS, its fonts are ready and its loaded
 * images decoded. Shorter than Playwright's 'networkidle' (500 ms of quiet); toHaveScreenshot's retries cover a late
 * render.
 */
export async function settled(page: Page, pending: Set<unknown>): Promise<void> {
  let quietSince = 0;
  await expect
    .poll(
      () => {
        if (pending.size) quietSince = 0;
        else quietSince ||= Date.now();
        return quietSince > 0 && Date.now() - quietSince >= QUIET_MS;
      },
      { intervals: [50], timeout: 15_000 },
    )
    .toBe(true);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images below the fold have not started loading: decoding them would wait for ever.
    const loaded = [...document.images].filter((image) => image.complete);
    await Promise.all(loaded.map((image) => image.decode().catch(() => undefined)));
  });
}

/** Tracks the page's requests in flight (for `settled`), leaving out the endless ones. */
export function trackRequests(page: Page): Set<unknown> {
  const pending = new Set<unknown>();
  page.on('request', (request) => {
    if (!ENDLESS.test(request.url())) pending.add(request);
  });
  const done = (request: unknown) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return pending;
}

/** Holds every script of the build back until the returned function is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/livev3\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Sends a red packet from the live room's chat as the logged-in viewer (in WeChat) and pays it in the WeChat Pay
 * sandbox. `total` is in yuan as the viewer types it ('0.30').
 */
export async function sendRedPacket(
  page: Page,
  packet: { total: string; count: number; greeting: string },
): Promise<void> {
  await page.getByTestId('chat-room').getByRole('button', { name: '发红包', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('总金额（元）').fill(packet.total);
  await form.getByLabel('红包个数').fill(String(packet.count));
  await form.getByLabel('祝福语').fill(packet.greeting);
  await form.getByRole('button', { name: '塞钱进红包' }).click();
  await page
    .getByRole('dialog', { name: 'WeChat Pay sandbox' })
    .getByRole('button', { name: 'Confirm payment' })
    .click();
}

export { expect, test };
