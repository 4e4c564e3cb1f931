/**
 * Channel figures: the channel home's first-load JS (entry + channel page + its configured blocks, gz) beside the
 * home route's budget, LCP and CLS of the channel home under the same mobile emulation as the home page bench
 * (390x844, slow 4G, 4x CPU, cache off), and the title search's throughput over a channel of 10,000 videos
 * (CHANNEL_BENCH_VIDEOS seeds `bench-channel`) with autocannon, keywords rotating through Chinese words of two to
 * four characters, an ASCII one and a miss.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config.ts';
import { projectRoot } from '../config/check.ts';
import { PRELOADED_PAGES } from '../route-preload.ts';
import { FIRST_LOAD_BUDGET_KB, firstLoad } from './client.ts';
import { startServer, type RunningServer } from './server-process.ts';
import type { BenchRow } from './types.ts';

const VIDEOS = 10_000;
const KEYWORDS = [
  '峰会',
  '大师课',
  '新品发布会',
  '精彩回放',
  '上海 技术',
  '圆桌对话',
  'livev3',
  '没有这个标题',
];

const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(projectRoot, 'dist');
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type ManifestChunk = Parameters<typeof firstLoad>[0][string];

/**
 * JS the channel home needs before its first screen shows: the entry, and the channel page's modules that index.html
 * preloads (the page and its first blocks, scripts/route-preload.ts), with what they import. `later` instead: the
 * blocks below the fold, which load once the first screen has rendered (src/blocks/groups/channel-later.gen.ts).
 */
function channelFirstLoad(manifest: Record<string, ManifestChunk>, later = false): string[] {
  const keys = Object.keys(manifest);
  const modules = later ? ['src/blocks/groups/channel-later.gen.ts'] : PRELOADED_PAGES.channel;
  for (const module of modules)
    if (!manifest[module]) throw new Error(`no chunk in the manifest for ${module}`);
  const roots = [keys.find((key) => manifest[key].isEntry), ...modules].filter((key): key is string =>
    Boolean(key),
  );
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  roots.forEach(visit);
  return [...files];
}

async function channelVitals(origin: string): Promise<{ lcp: number; cls: number }> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __vitals: { lcp: number; cls: number } };
      w.__vitals = { lcp: 0, cls: 0 };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__vitals.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) w.__vitals.cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${origin}/livev3/#/pages/channel/index?channelToken=showcase`);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(5000);
    return await page.evaluate(
      () => (window as unknown as { __vitals: { lcp: number; cls: number } }).__vitals,
    );
  } finally {
    await browser.close();
  }
}

/** Seeding 10,000 videos takes longer than the server start waits for. */
async function benchChannelReady(origin: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const answer = (await (
        await fetch(`${origin}/v2/api/home/index?channel_token=bench-channel`)
      ).json()) as {
        xcode: number;
      };
      if (answer.xcode === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the bench channel did not come up in 5 minutes');
}

async function searchThroughput(server: RunningServer): Promise<BenchRow[]> {
  const paths = KEYWORDS.map(
    (keyword) =>
      `/v2/api/home/search?channel_token=bench-channel&keyword=${encodeURIComponent(keyword)}&page_size=20`,
  );
  for (const [index, url] of paths.entries()) {
    const answer = (await (await fetch(server.origin + url)).json()) as {
      xcode: number;
      data: { total: number };
    };
    if (answer.xcode !== 200) throw new Error(`search ${KEYWORDS[index]} answered ${answer.xcode}`);
  }
  let next = 0;
  const result = await autocannon({
    url: server.origin,
    connections: 20,
    duration: 5,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  const group = `channel search over ${VIDEOS.toLocaleString('en')} videos (autocannon, 20 connections, 5 s)`;
  return [
    { group, name: 'search requests/s', value: Math.round(result.requests.average), unit: 'req/s' },
    { group, name: 'search p99 latency', value: result.latency.p99, unit: 'ms', goal: '<= 100' },
    { group, name: 'failed requests', value: result.non2xx + result.errors, unit: '', goal: '0' },
  ];
}

export async function run(): Promise<BenchRow[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const home = firstLoad(manifest);
  const channel = channelFirstLoad(manifest);
  const withLater = channelFirstLoad(manifest, true);
  const later = withLater.filter((file) => !channel.includes(file) && !home.js.includes(file));
  const rows: BenchRow[] = [
    {
      group: 'bundle',
      name: 'first-load JS (entry + home), gz, with the channel code',
      value: kb(home.js.reduce((sum, file) => sum + gz(file), 0)),
      unit: 'KB',
      goal: `<= ${FIRST_LOAD_BUDGET_KB}`,
    },
    {
      group: 'bundle',
      name: 'channel home first-screen JS (entry + channel page + first blocks), gz',
      value: kb(channel.reduce((sum, file) => sum + gz(file), 0)),
      unit: 'KB',
    },
    {
      group: 'bundle',
      name: 'channel home blocks below the fold, after the first screen, gz',
      value: kb(later.reduce((sum, file) => sum + gz(file), 0)),
      unit: 'KB',
    },
  ];

  const previous = process.env.CHANNEL_BENCH_VIDEOS;
  process.env.CHANNEL_BENCH_VIDEOS = String(VIDEOS);
  const server = await startServer();
  await benchChannelReady(server.origin);
  if (previous === undefined) delete process.env.CHANNEL_BENCH_VIDEOS;
  else process.env.CHANNEL_BENCH_VIDEOS = previous;
  try {
    const vitals = [];
    for (let i = 0; i < 3; i++) vitals.push(await channelVitals(server.origin));
    const group = 'channel home (slow 4G, 4x CPU, median of 3)';
    rows.push(
      {
        group,
        name: 'LCP',
        value: Math.round(median(vitals.map((v) => v.lcp))),
        unit: 'ms',
        goal: '<= 2500',
      },
      {
        group,
        name: 'CLS',
        value: Math.round(median(vitals.map((v) => v.cls)) * 1000) / 1000,
        unit: '',
        goal: '<= 0.1',
      },
    );
    rows.push(...(await searchThroughput(server)));
  } finally {
    await server.stop();
  }
  return rows;
}
