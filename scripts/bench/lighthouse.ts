/**
 * Lighthouse 12 (mobile, simulated slow 4G and 4x CPU, its defaults) on the live room, the contest home, today's star
 * and the channel home of the demo data: performance, accessibility and best-practices scores, FCP and LCP, median of
 * 3 runs each, and TBT counted from the main thread's CPU time as a diagnostic (blocking-time.ts).
 * Chromium is the system one (CHROME_PATH or /usr/bin/chromium), started by Playwright with a debugging port.
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
 * `node --import tsx scripts/bench/lighthouse.ts [live-room|contest-home|today-star|channel-home]` runs only these rows.
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../../playwright.config.ts';
import { freePort, startServer } from './server-process.ts';
import type { BenchRow } from './types.ts';
import { cpuBlockingTime, type TraceEvent } from './blocking-time.ts';

export const LIGHTHOUSE_PAGES = [
  { id: 'live-room', name: 'live room', path: '/pages/home/index?token=demo' },
  { id: 'contest-home', name: 'contest home', path: '/pages/template/index?vote_id=1' },
  { id: 'today-star', name: "today's star", path: '/pages/jinrizhixing/index?vote_id=1' },
  { id: 'channel-home', name: 'channel home', path: '/pages/channel/index?channelToken=showcase' },
] as const;

const RUNS = 3;
/** Attempts at one run before the bench gives up on the page (runtime errors only; see above). */
const MAX_ATTEMPTS = 4;
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
};

/** A run Lighthouse could not complete: its scores are not figures. */
class FailedRun extends Error {}

/** The browser tests' flags less their autoplay policy (see above). */
const launchArgs = chromiumLaunch.args.filter((arg) => !arg.startsWith('--autoplay-policy='));

async function audit(url: string): Promise<Figures> {
  const port = await freePort();
  const browser = await chromium.launch({
    ...chromiumLaunch,
    executablePath: process.env.CHROME_PATH ?? chromiumLaunch.executablePath,
    args: [...launchArgs, `--remote-debugging-port=${port}`],
  });
  try {
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
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      speedIndex: metric('speed-index'),
      cpuTbt: cpuBlockingTime(
        (result.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents,
        result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4,
      ),
    };
  } finally {
    await browser.close();
  }
}

/** One counted run: a failed one is run again (see MAX_ATTEMPTS). */
async function completedAudit(url: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (!(error instanceof FailedRun) || attempt >= MAX_ATTEMPTS) throw error;
      console.error(`Lighthouse run ${attempt} of ${url} failed (${error.message}); running it again`);
    }
  }
}

export async function lighthouseRows(
  origin: string,
  pages: readonly (typeof LIGHTHOUSE_PAGES)[number][] = LIGHTHOUSE_PAGES,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await completedAudit(`${origin}/livev3/#${page.path}`));
    const group = `Lighthouse ${page.name} (mobile, median of ${RUNS})`;
    const pick = (key: keyof Figures) => median(runs.map((run) => run[key]));
    rows.push(
      { group, name: 'performance', value: pick('performance'), unit: '', goal: '>= 98' },
      { group, name: 'accessibility', value: pick('accessibility'), unit: '', goal: '100' },
      { group, name: 'best practices', value: pick('bestPractices'), unit: '', goal: '100' },
      {
        group,
        name: 'FCP',
        value: pick('fcp'),
        unit: 'ms',
        goal: page.id === 'live-room' ? '<= 1000' : undefined,
      },
      {
        group,
        name: 'LCP',
        value: pick('lcp'),
        unit: 'ms',
        goal: page.id === 'live-room' ? '<= 2000' : undefined,
      },
      // What holds the performance score when FCP and LCP are in.
      { group, name: 'TBT', value: pick('tbt'), unit: 'ms' },
      // The same count from the main thread's CPU time (see cpuBlockingTime): what a host with cores to spare shows.
      { group, name: 'TBT from CPU time (diagnostic)', value: pick('cpuTbt'), unit: 'ms' },
      { group, name: 'speed index', value: pick('speedIndex'), unit: 'ms' },
    );
  }
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  const server = await startServer();
  try {
    return await lighthouseRows(server.origin);
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('lighthouse.ts')) {
  const wanted = process.argv.slice(2);
  const pages = LIGHTHOUSE_PAGES.filter((page) => !wanted.length || wanted.includes(page.id));
  const server = await startServer();
  try {
    for (const row of await lighthouseRows(server.origin, pages))
      console.log(`${row.group} | ${row.name} | ${row.value} ${row.unit}`);
  } finally {
    await server.stop();
  }
}
