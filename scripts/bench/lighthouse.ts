/**
 * Lighthouse 12 (mobile, simulated slow 4G and 4x CPU, its defaults) on the live room, the contest home, today's star
 * and the channel home of the demo data: performance, accessibility and best-practices scores, FCP and LCP, median of
 * 3 runs each.
 * Chromium is the system one (CHROME_PATH or /usr/bin/chromium), started by Playwright with a debugging port.
 *
 * `node --import tsx scripts/bench/lighthouse.ts [live-room|contest-home|today-star|channel-home]` runs only these rows.
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../../playwright.config.ts';
import { freePort, startServer } from './server-process.ts';
import type { BenchRow } from './types.ts';

export const LIGHTHOUSE_PAGES = [
  { id: 'live-room', name: 'live room', path: '/pages/home/index?token=demo' },
  { id: 'contest-home', name: 'contest home', path: '/pages/template/index?vote_id=1' },
  { id: 'today-star', name: "today's star", path: '/pages/jinrizhixing/index?vote_id=1' },
  { id: 'channel-home', name: 'channel home', path: '/pages/channel/index?channelToken=showcase' },
] as const;

const RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
};

async function audit(url: string): Promise<Figures> {
  const port = await freePort();
  const browser = await chromium.launch({
    ...chromiumLaunch,
    executablePath: process.env.CHROME_PATH ?? chromiumLaunch.executablePath,
    args: [...chromiumLaunch.args, `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    };
  } finally {
    await browser.close();
  }
}

export async function lighthouseRows(
  origin: string,
  pages: readonly (typeof LIGHTHOUSE_PAGES)[number][] = LIGHTHOUSE_PAGES,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${origin}/livev3/#${page.path}`));
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
