/**
 * Broadcast figures: a real server with its RTMP ingest, ffmpeg publishing a 720p30 test pattern (H.264/AAC, a
 * keyframe a second) to the bench event, and:
 * - ingest-to-playlist delay: from a segment's first frame leaving the encoder (its progress lines pair the stream's
 *   time with the wall clock; the pattern is made in real time, so that is its capture plus encoding) to the segment
 *   being listed in the passed-through rendition's playlist; the median over segments;
 * - the player's live latency: hls.js's own `latency` (the distance from the live edge the playlist announces to the
 *   playhead, the playlist's age included), with the player's live settings (`hlsConfig`), in Chromium, 10 s after
 *   playback starts (the player's catch-up from its start); the median of 10 samples;
 * - the server's CPU per published stream (720p30 passed through + the 360p rendition encoded): the server process
 *   and its ffmpeg, in % of one core, and whether it keeps up (media seconds listed per wall second).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config.ts';
import { projectRoot } from '../config/check.ts';
import { hlsConfig } from '../../src/features/player/hls-setup.ts';
import { publishTestPattern, type TestPattern } from '../test-pattern.ts';
import { freePort, startServer } from './server-process.ts';
import type { BenchRow } from './types.ts';

const GROUP = 'broadcast (RTMP in, HLS out)';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor(sorted.length / 2)] ?? 0) : 0;
};
const ticksPerSecond = 100;

/** CPU seconds of a process and its children processes (ffmpeg), from /proc. */
function cpuSeconds(pid: number): number {
  const own = (id: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    } catch {
      return 0;
    }
  };
  const children = (id: number): number[] => {
    try {
      return fs
        .readdirSync(`/proc/${id}/task`)
        .flatMap((task) => fs.readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim().split(/\s+/))
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  return own(pid) + children(pid).reduce((sum, child) => sum + own(child), 0);
}

function streamKey(databasePath: string): string {
  const database = new Database(databasePath, { readonly: true });
  try {
    const row = database
      .prepare(
        "SELECT k.stream_key AS key FROM stream_keys k JOIN events e ON e.id = k.event_id WHERE e.token = 'broadcast-e2e'",
      )
      .get() as { key: string };
    return row.key;
  } finally {
    database.close();
  }
}

/** Segment start times (s) of a playlist, and when each was first seen listed. */
function segmentStarts(text: string): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const line of text.split('\n'))
    if (line.startsWith('#EXTINF:')) {
      starts.push(at);
      at += Number.parseFloat(line.slice(8)) || 0;
    }
  return starts;
}

/** Parts of a low-latency playlist, by URI, with their durations. */
function listedParts(text: string): { uri: string; duration: number }[] {
  const parts: { uri: string; duration: number }[] = [];
  for (const match of text.matchAll(/#EXT-X-PART:DURATION=([\d.]+),URI="([^"]+)"/g))
    parts.push({ uri: match[2] ?? '', duration: Number(match[1]) });
  return parts;
}

type Measured = {
  /** Median delay from a segment's (or, low latency, a part's) first frame to its listing in the playlist, s. */
  listed: number;
  latency: number;
  cpu: number;
  realTime: number;
  /** Parts the player fetched (low latency: it played parts, not only segments). */
  partsFetched: number;
};

/** One server, one publisher, one player: plain HLS or low-latency HLS (BROADCAST_LL_HLS). */
async function measure(lowLatency: boolean): Promise<Measured> {
  const rtmpPort = await freePort();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-bench-broadcast-'));
  const broadcasts = path.join(work, 'broadcasts');
  const server = await startServer({
    RTMP_PORT: String(rtmpPort),
    RTMP_HOST: '127.0.0.1',
    BROADCAST_DIR: broadcasts,
    BROADCAST_LL_HLS: lowLatency ? '1' : '0',
  });
  const { origin, databasePath } = server;
  let publisher: TestPattern | null = null;
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const key = streamKey(databasePath);
    const publishedAt = performance.now();
    publisher = publishTestPattern(`rtmp://127.0.0.1:${rtmpPort}/live/${key}`, {
      seconds: 75,
      size: '1280x720',
      rate: 30,
      bitrate: '2500k',
      progress: true,
    });
    // When each moment of the stream left the encoder: its progress lines pair the output time with the wall clock.
    const offsets: number[] = [];
    publisher.child.stdout?.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/out_time_us=(\d+)/g)) {
        const outSeconds = Number(match[1]) / 1e6;
        if (outSeconds > 0) offsets.push((performance.now() - publishedAt) / 1000 - outSeconds);
      }
    });

    // Ingest-to-playlist: poll the passed-through rendition's playlist and note when each segment appears (low
    // latency: when each part appears in the live playlist the routes serve, its start the parts before it).
    const rendition = path.join(broadcasts, 'bc-1', 'source');
    const playlist = path.join(rendition, 'index.m3u8');
    const listedAt: number[] = [];
    let starts: number[] = [];
    const partSeen = new Map<string, { at: number; duration: number }>();
    const watchUntil = performance.now() + 30_000;
    while (performance.now() < watchUntil) {
      let text = '';
      try {
        text = fs.readFileSync(lowLatency ? path.join(rendition, 'live.m3u8') : playlist, 'utf8');
      } catch {
        // not written yet
      }
      if (lowLatency) {
        for (const part of listedParts(text))
          if (!partSeen.has(part.uri))
            partSeen.set(part.uri, { at: performance.now(), duration: part.duration });
      } else {
        starts = segmentStarts(text);
        while (listedAt.length < starts.length) listedAt.push(performance.now());
      }
      await sleep(20);
    }
    if (lowLatency) {
      // Parts are numbered from the first: their starts add up the durations of those before.
      let at = 0;
      for (const [, part] of [...partSeen].sort(([a], [b]) => a.localeCompare(b))) {
        starts.push(at);
        listedAt.push(part.at);
        at += part.duration;
      }
    }
    // The first segments wait for the transcoder's start; the steady state is what a viewer lives with.
    const sentAt = median(offsets);
    const skip = lowLatency ? 9 : 3;
    const delays = listedAt
      .slice(skip)
      .map((at, i) => (at - publishedAt) / 1000 - sentAt - (starts[i + skip] ?? 0));

    // CPU over 15 s of steady state, and whether the transcoder keeps up.
    const cpuBefore = cpuSeconds(server.pid);
    const mediaBefore = segmentStarts(fs.readFileSync(playlist, 'utf8')).length;
    const wallBefore = performance.now();
    // The player meanwhile: hls.js (light build, the player's live settings) on the signed live URL.
    const detail = (await (await fetch(`${origin}/v3/api/video/detail?token=broadcast-e2e`)).json()) as {
      data: { live_url: string };
    };
    const page = await browser.newPage();
    let partsFetched = 0;
    page.on('request', (request) => {
      if (/\/p\d{6,9}\.ts\?/.test(request.url())) partsFetched += 1;
    });
    await page.route(`${origin}/bench-player`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><video muted playsinline></video><script src="/bench-hls.js"></script>',
      }),
    );
    await page.route(`${origin}/bench-hls.js`, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: fs.readFileSync(path.join(projectRoot, 'node_modules/hls.js/dist/hls.light.min.js'), 'utf8'),
      }),
    );
    await page.goto(`${origin}/bench-player`);
    await page.evaluate(
      ([url, config]) => {
        const Hls = (window as unknown as { Hls: new (config: object) => unknown }).Hls;
        const hls = new Hls(config) as {
          loadSource(url: string): void;
          attachMedia(media: HTMLMediaElement): void;
        };
        const video = document.querySelector('video') as HTMLVideoElement;
        hls.loadSource(url);
        hls.attachMedia(video);
        void video.play();
        (window as unknown as { hls: unknown }).hls = hls;
      },
      [detail.data.live_url, hlsConfig(true)] as const,
    );
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 3, null, {
      timeout: 30_000,
    });
    // What a viewer lives with: after the player's catch-up from its start (it plays up to 1.2x until it is there).
    await sleep(10_000);
    const latencies: number[] = [];
    for (let i = 0; i < 10; i++) {
      await sleep(1000);
      latencies.push(
        await page.evaluate(() => (window as unknown as { hls: { latency: number } }).hls.latency),
      );
    }
    const remaining = 15_000 - (performance.now() - wallBefore);
    if (remaining > 0) await sleep(remaining);
    const wall = (performance.now() - wallBefore) / 1000;
    const cpu = (cpuSeconds(server.pid) - cpuBefore) / wall;
    const mediaListed = segmentStarts(fs.readFileSync(playlist, 'utf8')).length - mediaBefore;
    if (lowLatency && partsFetched === 0)
      throw new Error('the player fetched no parts: low latency not in use');
    return {
      listed: median(delays),
      latency: median(latencies),
      cpu,
      realTime: mediaListed / wall,
      partsFetched,
    };
  } finally {
    await browser.close();
    publisher?.kill();
    await server.stop();
    // The server's ffmpeg may still be closing its last segment when the server has exited.
    fs.rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

export async function run(): Promise<BenchRow[]> {
  // One after the other (two cores): plain HLS, then low-latency HLS, each with its own server and publisher.
  const plain = await measure(false);
  const low = await measure(true);
  const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
  return [
    {
      group: GROUP,
      name: "ingest to playlist, a segment's first frame",
      value: round(plain.listed),
      unit: 's',
    },
    {
      group: GROUP,
      name: 'player live latency (hls.js latency, 1 s segments)',
      value: round(plain.latency),
      unit: 's',
      goal: '<= 4',
    },
    {
      group: GROUP,
      name: 'server CPU per stream (720p30 passthrough + 360p)',
      value: round(plain.cpu * 100, 0),
      unit: '% core',
    },
    {
      group: GROUP,
      name: 'real time: media s listed per wall s',
      value: round(plain.realTime),
      unit: 'x',
      goal: '>= 0.95',
    },
    {
      group: GROUP,
      name: "low-latency HLS: ingest to part listed, a part's first frame",
      value: round(low.listed),
      unit: 's',
    },
    {
      group: GROUP,
      name: 'low-latency HLS: player live latency (hls.js latency, 1/3 s parts)',
      value: round(low.latency),
      unit: 's',
      goal: '<= 2.5',
    },
    {
      group: GROUP,
      name: 'low-latency HLS: server CPU per stream (720p30 passthrough + 360p)',
      value: round(low.cpu * 100, 0),
      unit: '% core',
    },
    {
      group: GROUP,
      name: 'low-latency HLS: real time, media s listed per wall s',
      value: round(low.realTime),
      unit: 'x',
      goal: '>= 0.95',
    },
  ];
}
