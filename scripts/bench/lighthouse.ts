/**
 * Lighthouse 12 (mobile, simulated slow 4G and 4x CPU, its defaults) on every page with content of the demo data:
 * performance, accessibility and best-practices scores, FCP and LCP, median of 3 runs each, TBT counted from the main
 * thread's CPU time as a diagnostic, and the longest main-thread task of the load at Lighthouse's 4x CPU simulation
 * (its wall time in the trace times four, as Lighthouse counts it; blocking-time.ts). Each page's address is its
 * route in config/app.json, found by its page key or its first block, with the demo's ids (server/seed/).
 * Chromium is the system one (CHROME_PATH or /usr/bin/chromium), started by Playwright with a debugging port.
 *
 * Pages of a logged-in viewer (the user centre, orders, checkout) run as a ready-made viewer of the seed: the session
 * is written where the app keeps its login before the audit (storeLogin below), as for a viewer who logged in before.
 *
 * Autoplay: the browser's default policy, a phone's, not the browser tests' `--autoplay-policy=no-user-gesture-required`
 * (playwright.config.ts). A phone's browser (mobile Chrome, WeChat's web view) refuses to start a video with sound
 * without a tap: the live room's player then shows its poster or first frame under the 'tap to play' cover, as it
 * does for a visitor. With unmuted autoplay allowed the demo stream (a moving test pattern) played through the whole
 * trace, so the speed index measured frames a visitor never gets without tapping, and hls.js kept working the whole
 * time.
 *
 * A run that Lighthouse could not complete (a runtime error such as NO_NAVSTART, which comes and goes on a loaded
 * machine) is run again, up to MAX_ATTEMPTS times; it never counts as a figure.
 *
 * One page takes ~25 s a run on the 2-core machine: all pages, median of 3, ~25 minutes. `--pages=live-room,shop`
 * (with `npm run bench -- --only=lighthouse`) runs some pages, `--runs=1` one run each (a quick look, not a figure
 * for the README). `node --import tsx scripts/bench/lighthouse.ts [page ids] [--runs=N]` runs them alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../../playwright.config.ts';
import { ACCOUNT_SCREENS_USER } from '../../server/seed/accounts.ts';
import { SHOP_SEED_USERS } from '../../server/seed/shop.ts';
import { projectRoot } from '../config/check.ts';
import { freePort, startServer } from './server-process.ts';
import type { BenchRow } from './types.ts';
import { cpuBlockingTime, longestTask, type TraceEvent } from './blocking-time.ts';

type LighthousePage = {
  id: string;
  name: string;
  /** Its route in config/app.json: the route's `page`, or (for the generic blocks page) the type of its first block. */
  route: { page: string } | { firstBlock: string };
  /** The address's query: the demo's ids (README, "Trying the demo"). */
  query: string;
  /** A ready-made viewer's session (server/seed/), for the pages of a logged-in viewer. */
  session?: string;
};

export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { id: 'live-room', name: 'live room', route: { page: 'home' }, query: 'token=demo' },
  { id: 'channel-home', name: 'channel home', route: { page: 'channel' }, query: 'channelToken=showcase' },
  {
    id: 'channel-room',
    name: 'channel room',
    route: { page: 'channel-room' },
    query: 'channelToken=showcase&token=ch-001',
  },
  { id: 'contest-home', name: 'contest home', route: { firstBlock: 'vote-contest' }, query: 'vote_id=1' },
  { id: 'player', name: 'player', route: { firstBlock: 'vote-player' }, query: 'vote_id=1&player_id=1' },
  { id: 'rank', name: 'rank', route: { firstBlock: 'vote-rank' }, query: 'vote_id=1' },
  { id: 'today-star', name: "today's star", route: { firstBlock: 'vote-today-star' }, query: 'vote_id=1' },
  { id: 'sign-up', name: 'sign-up', route: { firstBlock: 'vote-sign-up' }, query: 'vote_id=1' },
  { id: 'shop', name: 'shop', route: { firstBlock: 'shop-products' }, query: 'token=demo' },
  { id: 'product', name: 'product', route: { firstBlock: 'shop-product' }, query: 'token=demo&id=1' },
  {
    id: 'checkout',
    name: 'checkout',
    route: { firstBlock: 'shop-checkout' },
    query: 'token=demo&id=1',
    session: SHOP_SEED_USERS.screens.token,
  },
  {
    id: 'orders',
    name: 'orders',
    route: { firstBlock: 'shop-orders' },
    query: 'token=demo',
    session: SHOP_SEED_USERS.screens.token,
  },
  {
    id: 'user-centre',
    name: 'user centre',
    route: { firstBlock: 'account-user' },
    query: 'token=demo',
    session: ACCOUNT_SCREENS_USER.token,
  },
  { id: 'login', name: 'login', route: { firstBlock: 'account-login' }, query: 'token=demo' },
  { id: 'lottery', name: 'lottery', route: { firstBlock: 'lottery' }, query: 'token=demo&lottery_id=1' },
  {
    id: 'daily-bonus',
    name: 'daily bonus',
    route: { firstBlock: 'daily-bonus' },
    query: 'token=demo&bonus_id=1',
  },
  { id: 'check-in', name: 'check-in', route: { firstBlock: 'check-in' }, query: 'token=demo' },
  {
    id: 'score-query',
    name: 'score query',
    route: { firstBlock: 'score-query' },
    query: 'token=demo&query_id=1',
  },
];

type AppConfigRoutes = { routes: Array<{ path: string; page: string; blocks: Array<{ type: string }> }> };

/** The page's hash route and query; the first route in config order that matches, an error naming it if none does. */
export function pagePath(page: LighthousePage, config: AppConfigRoutes): string {
  const { route } = page;
  const found = config.routes.find((candidate) =>
    'page' in route ? candidate.page === route.page : candidate.blocks[0]?.type === route.firstBlock,
  );
  if (!found) {
    const wanted = 'page' in route ? `page "${route.page}"` : `first block "${route.firstBlock}"`;
    throw new Error(`Lighthouse page ${page.id}: no route in config/app.json has the ${wanted}`);
  }
  return `${found.path}?${page.query}`;
}

/** Runs a page gets unless `--runs=N` says otherwise: its figures are their medians. */
const RUNS = 3;
/** Attempts at one run before the bench gives up on the page (runtime errors only; see above). */
const MAX_ATTEMPTS = 4;
/** Where the app keeps its login (src/lib/auth.ts). */
const LOGIN_KEY = 'livev3:auth';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cpuTbt: number;
  longestTask: number;
  cpuLongestTask: number;
};

/** A run Lighthouse could not complete: its scores are not figures. */
class FailedRun extends Error {}

/** The browser tests' flags less their autoplay policy (see above). */
const launchArgs = chromiumLaunch.args.filter((arg) => !arg.startsWith('--autoplay-policy='));

/**
 * Writes a viewer's session as the app's stored login, in the browser profile whose new tab Lighthouse audits in:
 * Lighthouse clears an origin's caches, service workers and file systems before a run, not its local storage. The
 * page that writes it is answered here, not by the server, so none of the app's files is in the cache before the run.
 */
async function storeLogin(debuggingPort: number, origin: string, session: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const [profile] = browser.contexts();
    if (!profile) throw new Error('the browser has no default profile to store the login in');
    const page = await profile.newPage();
    await page.route('**/*', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
    await page.goto(`${origin}/livev3/`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOGIN_KEY, session]);
    await page.close();
  } finally {
    // A browser reached over CDP is only disconnected from: the login stays in its profile.
    await browser.close();
  }
}

async function audit(url: string, session: string | undefined): Promise<Figures> {
  const port = await freePort();
  const browser = await chromium.launch({
    ...chromiumLaunch,
    executablePath: process.env.CHROME_PATH ?? chromiumLaunch.executablePath,
    args: [...launchArgs, `--remote-debugging-port=${port}`],
  });
  try {
    if (session) await storeLogin(port, new URL(url).origin, session);
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new FailedRun(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new FailedRun(`${runtimeError.code}: ${runtimeError.message}`);
    const score = (id: string) => {
      const value = categories[id]?.score;
      if (typeof value !== 'number') throw new FailedRun(`no ${id} score for ${url}`);
      return Math.round(value * 100);
    };
    const metric = (id: string) => {
      const value = audits[id]?.numericValue;
      if (typeof value !== 'number') throw new FailedRun(`no ${id} for ${url}`);
      return Math.round(value);
    };
    const trace = (result.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents;
    const slowdown = result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4;
    const longest = longestTask(trace, slowdown);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      speedIndex: metric('speed-index'),
      cpuTbt: cpuBlockingTime(trace, slowdown),
      longestTask: longest.wall,
      cpuLongestTask: longest.cpu,
    };
  } finally {
    await browser.close();
  }
}

/** One counted run: a failed one is run again (see MAX_ATTEMPTS). */
async function completedAudit(url: string, session: string | undefined): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, session);
    } catch (error) {
      if (!(error instanceof FailedRun) || attempt >= MAX_ATTEMPTS) throw error;
      console.error(`Lighthouse run ${attempt} of ${url} failed (${error.message}); running it again`);
    }
  }
}

export async function lighthouseRows(
  origin: string,
  pages: readonly LighthousePage[] = LIGHTHOUSE_PAGES,
  runCount = RUNS,
): Promise<BenchRow[]> {
  const config = JSON.parse(
    fs.readFileSync(path.join(projectRoot, 'config/app.json'), 'utf8'),
  ) as AppConfigRoutes;
  const rows: BenchRow[] = [];
  for (const page of pages) {
    const url = `${origin}/livev3/#${pagePath(page, config)}`;
    const runs: Figures[] = [];
    for (let i = 0; i < runCount; i++) runs.push(await completedAudit(url, page.session));
    const group = `Lighthouse ${page.name} (mobile, ${runCount === 1 ? 'one run' : `median of ${runCount}`})`;
    const pick = (key: keyof Figures) => median(runs.map((run) => run[key]));
    rows.push(
      { group, name: 'performance', value: pick('performance'), unit: '', goal: '>= 98' },
      { group, name: 'accessibility', value: pick('accessibility'), unit: '', goal: '100' },
      { group, name: 'best practices', value: pick('bestPractices'), unit: '', goal: '100' },
      { group, name: 'FCP', value: pick('fcp'), unit: 'ms', goal: '<= 1000' },
      { group, name: 'LCP', value: pick('lcp'), unit: 'ms', goal: '<= 2000' },
      // What holds the performance score when FCP and LCP are in.
      { group, name: 'TBT', value: pick('tbt'), unit: 'ms' },
      // The same count from the main thread's CPU time (see cpuBlockingTime): what a host with cores to spare shows.
      { group, name: 'TBT from CPU time (diagnostic)', value: pick('cpuTbt'), unit: 'ms' },
      { group, name: 'speed index', value: pick('speedIndex'), unit: 'ms' },
      {
        group,
        name: 'longest task during load, 4x CPU',
        value: pick('longestTask'),
        unit: 'ms',
        goal: '<= 50',
      },
      {
        group,
        name: 'longest task from CPU time, 4x (diagnostic)',
        value: pick('cpuLongestTask'),
        unit: 'ms',
      },
    );
  }
  return rows;
}

/** The pages and run count the command line asks for: page ids (bare, or `--pages=a,b`) and `--runs=N`. */
export function lighthouseArgs(args: readonly string[]): { pages: LighthousePage[]; runs: number } {
  const ids = args.flatMap((arg) =>
    arg.startsWith('--pages=') ? arg.slice(8).split(',') : arg.startsWith('-') ? [] : [arg],
  );
  const unknown = ids.filter((id) => !LIGHTHOUSE_PAGES.some((page) => page.id === id));
  if (unknown.length)
    throw new Error(
      `Unknown Lighthouse page ${unknown.join(', ')}; the pages are ${LIGHTHOUSE_PAGES.map((page) => page.id).join(', ')}`,
    );
  const runsArg = args.find((arg) => arg.startsWith('--runs='));
  const runs = runsArg ? Number(runsArg.slice(7)) : RUNS;
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs wants a whole number of runs, not ${runsArg}`);
  return { pages: LIGHTHOUSE_PAGES.filter((page) => !ids.length || ids.includes(page.id)), runs };
}

export async function run(): Promise<BenchRow[]> {
  // `npm run bench`'s own flags (--only, --json) are not page ids: only --pages and --runs are read here.
  const { pages, runs } = lighthouseArgs(
    process.argv.slice(2).filter((arg) => arg.startsWith('--pages=') || arg.startsWith('--runs=')),
  );
  const server = await startServer();
  try {
    return await lighthouseRows(server.origin, pages, runs);
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('lighthouse.ts')) {
  const { pages, runs } = lighthouseArgs(process.argv.slice(2));
  const server = await startServer();
  try {
    for (const row of await lighthouseRows(server.origin, pages, runs))
      console.log(`${row.group} | ${row.name} | ${row.value} ${row.unit}`);
  } finally {
    await server.stop();
  }
}
