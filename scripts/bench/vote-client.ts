/**
 * Client voting figure: frames per second while a viewer flings through the player list of a 20,000-player contest
 * on a phone-sized Chromium with the CPU slowed down 4x (the goal is 55 fps or better). The server starts on a fresh
 * database with the bench contest (VOTE_BENCH_PLAYERS=20000 seeds contest 90) and serves the built app (DIST_DIR,
 * default dist/). The scroll is a real touch gesture (CDP Input.synthesizeScrollGesture), so the list loads its next
 * pages while it scrolls, as it does for a viewer; frames are counted with requestAnimationFrame.
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config.ts';
import { startServer } from './server-process.ts';
import type { BenchRow } from './types.ts';

const PLAYERS = 20000;
const BENCH_CONTEST = 90;
const CPU_SLOWDOWN = 4;
const RUNS = 3;
/** A brisk thumb fling, repeated: px per second and px per gesture. */
const SCROLL_SPEED = 2500;
const GESTURE_PX = 2500;
const GESTURES = 4;

type ScrollRun = { fps: number; longFrames: number; frames: number; maxRows: number; loaded: number };

declare global {
  interface Window {
    __voteBench?: { frames: number[]; maxRows: number; stop: boolean };
  }
}

async function measure(page: Page): Promise<ScrollRun> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // A string, not a function: tsx's name-keeping helper (__name) does not exist inside the page.
  await page.evaluate(`(() => {
    const state = { frames: [], maxRows: 0, stop: false };
    window.__voteBench = state;
    function tick(time) {
      if (state.stop) return;
      state.frames.push(time);
      state.maxRows = Math.max(state.maxRows, document.querySelectorAll('[role="listitem"]').length);
      requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
  })()`);
  for (let i = 0; i < GESTURES; i++) {
    await cdp.send('Input.synthesizeScrollGesture', {
      x: 195,
      y: 600,
      yDistance: -GESTURE_PX,
      speed: SCROLL_SPEED,
      gestureSourceType: 'touch',
      repeatCount: 1,
    });
  }
  const trace = await page.evaluate(() => {
    const state = window.__voteBench as NonNullable<Window['__voteBench']>;
    state.stop = true;
    return {
      frames: state.frames,
      maxRows: state.maxRows,
      loaded: document.querySelectorAll('[data-testid="player-votes"]').length,
    };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const { frames } = trace;
  const seconds = (frames[frames.length - 1] - frames[0]) / 1000;
  const gaps = frames.slice(1).map((time, index) => time - frames[index]);
  return {
    fps: Math.round(((frames.length - 1) / seconds) * 10) / 10,
    longFrames: gaps.filter((gap) => gap > 1000 / 30).length,
    frames: frames.length,
    maxRows: trace.maxRows,
    loaded: trace.loaded,
  };
}

async function scrollRun(origin: string): Promise<ScrollRun> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${origin}/livev3/#/pages/template/index?vote_id=${BENCH_CONTEST}`);
    await page.locator('[data-testid="player-votes"]').first().waitFor({ timeout: 30_000 });
    const title = await page.getByRole('heading', { level: 2 }).first().innerText();
    if (!title.includes(String(PLAYERS))) throw new Error(`bench contest not seeded (heading: ${title})`);
    // Start with the list at the top of the screen, as a viewer who has scrolled past the contest head.
    await page.evaluate(() => document.querySelector('[role="list"]')?.scrollIntoView());
    await page.waitForTimeout(500);
    return await measure(page);
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run(): Promise<BenchRow[]> {
  const previous = process.env.VOTE_BENCH_PLAYERS;
  process.env.VOTE_BENCH_PLAYERS = String(PLAYERS);
  const server = await startServer();
  if (previous === undefined) delete process.env.VOTE_BENCH_PLAYERS;
  else process.env.VOTE_BENCH_PLAYERS = previous;
  try {
    const runs: ScrollRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await scrollRun(server.origin));
    const group = 'vote-client';
    return [
      {
        group,
        name: `player list scroll, ${PLAYERS} players, touch fling, ${CPU_SLOWDOWN}x CPU, median of ${RUNS}`,
        value: median(runs.map((run) => run.fps)),
        unit: 'fps',
        goal: '>= 55',
      },
      {
        group,
        name: 'frames over 33 ms during those flings (median)',
        value: median(runs.map((run) => run.longFrames)),
        unit: 'frames',
      },
      {
        group,
        name: 'most player cards in the DOM while scrolling (windowed)',
        value: Math.max(...runs.map((run) => run.maxRows)),
        unit: 'cards',
      },
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
