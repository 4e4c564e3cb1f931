/**
 * Client figures: gzipped first-load JS and CSS (entry + home route) and each lazy chunk, from the Vite manifest;
 * Lighthouse-style LCP, TBT and CLS for the home page under mobile emulation (slow 4G, 4x CPU) through CDP; and the
 * time from navigation to the first video frame (requestVideoFrameCallback), unthrottled and throttled.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execSync } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config.ts';
import { projectRoot } from '../config/check.ts';
import { startServer } from './server-process.ts';
import type { BenchRow } from './types.ts';

/** The first-load JavaScript budget (entry + home route, gzipped, i18next included), in KB. */
export const FIRST_LOAD_BUDGET_KB = 115;

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  dynamicImports?: string[];
};

// DIST_DIR: a parallel build's own output (the server started below reads the same variable).
const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(projectRoot, 'dist');
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
/** Bytes the server sends for a file to a browser that accepts brotli: its .br copy when the build made one. */
const sentBytes = (file: string) => {
  const compressed = path.join(dist, `${file}.br`);
  return fs.statSync(fs.existsSync(compressed) ? compressed : path.join(dist, file)).size;
};
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The files a browser loads for these chunks of a Vite manifest: each chunk, what it imports statically, their CSS. */
export function staticClosure(manifest: Record<string, ManifestChunk>, keys: readonly string[]) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

export function firstLoad(manifest: Record<string, ManifestChunk>) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry) as string;
  const homeKey = Object.keys(manifest).find((key) => key.includes('pages/home/')) as string;
  return staticClosure(manifest, [entryKey, homeKey]);
}

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

async function emulate(page: Page, throttled: boolean) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function mobilePage(browser: Browser, throttled: boolean): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await emulate(page, throttled);
  return page;
}

async function webVitals(origin: string): Promise<{ lcp: number; tbt: number; cls: number }> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await mobilePage(browser, true);
    await page.addInitScript(() => {
      const w = window as unknown as {
        __vitals: { lcp: number; fcp: number; cls: number; tasks: [number, number][] };
      };
      w.__vitals = { lcp: 0, fcp: 0, cls: 0, tasks: [] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__vitals.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'first-contentful-paint') w.__vitals.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) w.__vitals.cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__vitals.tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${origin}/livev3/#/pages/home/index?token=demo`);
    await page.getByRole('heading').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(5000);
    return await page.evaluate(() => {
      const v = (
        window as unknown as {
          __vitals: { lcp: number; fcp: number; cls: number; tasks: [number, number][] };
        }
      ).__vitals;
      const tbt = v.tasks
        .filter(([start]) => start >= v.fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      return { lcp: v.lcp, tbt, cls: v.cls };
    });
  } finally {
    await browser.close();
  }
}

type FrameTrace = { frame: number; resources: [string, number, number][] };

/** One navigation to the demo live room: when the first video frame was presented, and when each request ran. */
async function firstFrame(origin: string, throttled: boolean): Promise<FrameTrace> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await mobilePage(browser, throttled);
    await page.addInitScript(() => {
      const w = window as unknown as { __firstFrame?: number };
      const timer = setInterval(() => {
        const video = document.querySelector('video');
        if (!video) return;
        clearInterval(timer);
        video.requestVideoFrameCallback((now) => {
          w.__firstFrame ??= now;
        });
      }, 5);
    });
    await page.goto(`${origin}/livev3/#/pages/home/index?token=demo`);
    await page.waitForFunction(
      () => (window as unknown as { __firstFrame?: number }).__firstFrame,
      undefined,
      { timeout: 30_000 },
    );
    return await page.evaluate(() => ({
      frame: (window as unknown as { __firstFrame: number }).__firstFrame,
      resources: performance
        .getEntriesByType('resource')
        .map((entry) => [
          entry.name.replace(location.origin, ''),
          Math.round(entry.startTime),
          Math.round((entry as PerformanceResourceTiming).responseEnd),
        ]) as [string, number, number][],
    }));
  } finally {
    await browser.close();
  }
}

/** Navigation to first frame, unthrottled and slow 4G + 4x CPU, median of 5 each. */
export async function firstFrameRows(origin: string, trace = false): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const throttled of [false, true]) {
    const runs: FrameTrace[] = [];
    for (let i = 0; i < 5; i++) runs.push(await firstFrame(origin, throttled));
    const value = Math.round(median(runs.map((run) => run.frame)));
    if (trace) {
      const typical = runs.find((run) => Math.round(run.frame) === value) ?? runs[0];
      console.error(
        `${throttled ? 'throttled' : 'unthrottled'}: ${runs.map((run) => Math.round(run.frame)).join(', ')} ms`,
      );
      for (const [name, start, end] of typical?.resources ?? [])
        console.error(`  ${start}-${end} ms  ${name}`);
    }
    rows.push({
      group: 'player (median of 5)',
      name: `navigation to first video frame, ${throttled ? 'slow 4G + 4x CPU' : 'unthrottled'}`,
      value,
      unit: 'ms',
      goal: throttled ? '<= 3000' : undefined,
    });
  }
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  if (!fs.existsSync(path.join(dist, '.vite/manifest.json')))
    execSync('npm run build', { cwd: projectRoot, stdio: 'inherit' });
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const first = firstLoad(manifest);
  const rows: BenchRow[] = [
    {
      group: 'bundle',
      name: 'first-load JS (entry + home), gz',
      value: kb(first.js.reduce((sum, file) => sum + gz(file), 0)),
      unit: 'KB',
      goal: `<= ${FIRST_LOAD_BUDGET_KB}`,
    },
    {
      group: 'bundle',
      // What a browser that accepts brotli receives: the build's compressed copies (scripts/precompress.ts).
      name: 'first-load JS (entry + home), as sent (brotli)',
      value: kb(first.js.reduce((sum, file) => sum + sentBytes(file), 0)),
      unit: 'KB',
    },
    {
      group: 'bundle',
      name: 'first-load CSS, gz',
      value: kb(first.css.reduce((sum, file) => sum + gz(file), 0)),
      unit: 'KB',
    },
  ];
  const lazy = new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js') && !first.js.includes(file)),
  );
  for (const file of [...lazy].sort()) {
    rows.push({
      group: 'bundle',
      name: `lazy ${file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')}, gz`,
      value: kb(gz(file)),
      unit: 'KB',
    });
  }

  const server = await startServer();
  try {
    const vitals = [];
    for (let i = 0; i < 3; i++) vitals.push(await webVitals(server.origin));
    rows.push(
      {
        group: 'home (slow 4G, 4x CPU, median of 3)',
        name: 'LCP',
        value: Math.round(median(vitals.map((v) => v.lcp))),
        unit: 'ms',
        goal: '<= 2500',
      },
      {
        group: 'home (slow 4G, 4x CPU, median of 3)',
        name: 'TBT',
        value: Math.round(median(vitals.map((v) => v.tbt))),
        unit: 'ms',
        goal: '<= 200',
      },
      {
        group: 'home (slow 4G, 4x CPU, median of 3)',
        name: 'CLS',
        value: Math.round(median(vitals.map((v) => v.cls)) * 1000) / 1000,
        unit: '',
        goal: '<= 0.1',
      },
    );
    rows.push(...(await firstFrameRows(server.origin)));
  } finally {
    await server.stop();
  }
  return rows;
}

// `node --import tsx scripts/bench/client.ts first-frame [--trace]`: only the first-frame rows (with --trace, each
// request's start and end in a typical run), without the bundle and web-vitals parts.
if (process.argv[1]?.endsWith('client.ts') && process.argv.includes('first-frame')) {
  const server = await startServer();
  try {
    for (const row of await firstFrameRows(server.origin, process.argv.includes('--trace')))
      console.log(`${row.name}: ${row.value} ${row.unit}`);
  } finally {
    await server.stop();
  }
}
