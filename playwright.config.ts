import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two suites run side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 4318);
// The server's RTMP ingest (tests/e2e/broadcast.spec.ts publishes to it); E2E_RTMP_PORT for suites side by side.
const RTMP_PORT = Number(process.env.E2E_RTMP_PORT ?? 19350);
// One fresh database per run, named in the runner's process (its workers load this file again and inherit the name);
// tests/remove-database.ts deletes it when the run ends.
process.env.LIVEV3_E2E_DATABASE ??= path.join(os.tmpdir(), `livev3-e2e-${process.pid}.db`);
const databasePath = process.env.LIVEV3_E2E_DATABASE;

/** The cloud live service's settings of the test server; the browser test stands in for its CDN and callbacks. */
export const CLOUD_LIVE_SETTINGS = {
  CSS_PUSH_DOMAIN: 'push.example.test',
  CSS_PUSH_KEY: 'e2e-push-key',
  CSS_PLAY_DOMAIN: 'play.example.test',
  CSS_PLAY_KEY: 'e2e-play-key',
  CSS_CALLBACK_KEY: 'e2e-callback-key',
};

export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
    // Headless Chromium 156 still builds the address bar's WebUI pop-ups (a renderer each) for every new page: a
    // quarter of a core and ~0.25 s per page that no test looks at.
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
  ],
};

const phone = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  launchOptions: chromiumLaunch,
};

export default defineConfig({
  testDir: 'tests',
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  globalTeardown: './tests/remove-database.ts',
  reporter: [['list']],
  timeout: 30_000,
  expect: {
    // The live room's blocks below the first screen come after a chain of chunks and calls: 3-5 s with two workers
    // busy on two cores, close to the default 5 s. A slower failure is the only cost.
    timeout: 10_000,
    // threshold absorbs anti-aliasing; 50 differing pixels still catch a changed word.
    toHaveScreenshot: {
      maxDiffPixels: 50,
      threshold: 0.2,
      animations: 'disabled',
      caret: 'hide',
    },
  },
  // One folder per theme x variant (the screenshot names carry it): tests/screenshots/__baselines__/red-default/home.png.
  snapshotPathTemplate: 'tests/screenshots/__baselines__/{arg}{ext}',
  use: { baseURL: `http://127.0.0.1:${PORT}/livev3/`, trace: 'off', ...phone },
  webServer: {
    // The real reference server with a fresh database (seeded on start) serving the built app.
    command: `node -e "require('fs').rmSync('${databasePath}',{force:true})" && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/livev3/`,
    env: {
      PORT: String(PORT),
      DATABASE_PATH: databasePath,
      NODE_ENV: 'test',
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
      // Every test logs in its own fresh viewers from this one address: the per-route request limits (proven by the
      // server suite) would otherwise refuse logins once the suite runs faster than 30 a minute.
      RATE_LIMIT_ALLOW: '127.0.0.1',
      RTMP_PORT: String(RTMP_PORT),
      RTMP_HOST: '127.0.0.1',
      BROADCAST_DIR: `${databasePath}-broadcasts`,
      // Tencent Cloud CSS with domains of the tests' own (tests/e2e/cloud-broadcast.spec.ts plays its CDN's part).
      ...CLOUD_LIVE_SETTINGS,
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
  projects: [
    { name: 'functional', testDir: 'tests/e2e' },
    // The operator studio starts its own dev server on a copy of the config (tests/studio/studio.spec.ts). Its
    // promise (a save reaches every frame within 2 s) is about an operator's machine, not one busy rendering
    // screenshots: `npm run test:browser` runs it on its own first, then the other projects.
    { name: 'studio', testDir: 'tests/studio' },
    // Every screen in every theme x variant (tests/screenshots/themes.spec.ts).
    { name: 'screenshots', testDir: 'tests/screenshots' },
  ],
});
