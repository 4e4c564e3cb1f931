/**
 * Going live through Tencent Cloud CSS: the service's callbacks (written by its emulator, server/broadcast/
 * tencent-css-emulator.ts, and sent as the service sends them) take the open room (no reload) from the cover to the
 * player, to 'ended' and to the replay; a forged callback changes nothing. This test also plays the service's CDN:
 * requests to its play domain (playwright.config.ts, CLOUD_LIVE_SETTINGS) are answered here, only with a valid
 * txSecret, from the demo stream the server itself serves. The event `broadcast-cloud-e2e` is this test's own
 * (server/seed/broadcast.ts).
 */
import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import type { Page, Route } from '@playwright/test';
import { CLOUD_LIVE_SETTINGS } from '../../playwright.config';
import { CSS_CALLBACK_PATH } from '../../server/broadcast/cloud-routes';
import { cssCallbackBody, type CssNotification } from '../../server/broadcast/tencent-css-emulator';
import { CLOUD_BROADCAST_TEST_EVENT } from '../../server/seed/broadcast';
import { expect, openRoute, test } from '../fixtures';

const cloud = {
  callbackKey: CLOUD_LIVE_SETTINGS.CSS_CALLBACK_KEY,
  appName: 'live',
  pushDomain: 'push.example.test',
};
const PLAY = `https://${CLOUD_LIVE_SETTINGS.CSS_PLAY_DOMAIN}`;

function eventId(): number {
  const database = new Database(process.env.LIVEV3_E2E_DATABASE ?? '', {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const row = database.prepare('SELECT id FROM events WHERE token = ?').get(CLOUD_BROADCAST_TEST_EVENT) as
      { id: number } | undefined;
    if (!row) throw new Error(`${CLOUD_BROADCAST_TEST_EVENT} is not seeded`);
    return row.id;
  } finally {
    database.close();
  }
}

/** The signed query of one of the server's own demo streams (`live` or `vod`), from an event's detail. */
async function demoQuery(
  page: Page,
  origin: string,
  token: string,
  field: 'live_url' | 'replay_url',
): Promise<string> {
  const answer = await page.request.get(`${origin}/v3/api/video/detail?token=${token}`);
  const url: string = (await answer.json()).data[field];
  expect(url, `${token}'s ${field}`).toMatch(/^\/streams\/(live|vod)\/demo\/master\.m3u8\?/);
  return url.slice(url.indexOf('?'));
}

/** A master playlist as the CDN serves it: its URIs made absolute on the CDN's folder `folder` (`live` or `vod`). */
const onCdn = (playlist: string, folder: string) =>
  playlist
    .replace(/^(?!#)(\S+)$/gm, `${PLAY}/${folder}/$1`)
    .replace(/URI="(?!https?:)([^"]+)"/g, `URI="${PLAY}/${folder}/$1"`);

/**
 * The CDN. The browser follows the server's redirect to it inside its network stack, where a test's routes do not
 * reach: the redirect is followed here instead. `/streams/live/cloud-<id>/master.m3u8` must send the player to
 * `/live/lv<id>.m3u8` with a valid txSecret (checked as the service checks it: MD5(play key + stream + txTime), txTime
 * not past), `/streams/vod/cloud-<id>/master.m3u8` to the recording; the CDN then serves the server's own live or
 * VOD demo stream, whose renditions and segments are fetched from the CDN's domain (routed here too).
 */
async function playCdn(page: Page, origin: string, liveQuery: string, vodQuery: string): Promise<void> {
  const cors = { 'access-control-allow-origin': '*' };
  await page.route(/\/streams\/(live|vod)\/cloud-\d+\/master\.m3u8/, async (route: Route) => {
    const redirect = await route.fetch({ maxRedirects: 0 });
    // Not sent on (the broadcast is over, a bad signature): the server's own answer.
    if (redirect.status() !== 302) return route.fulfill({ response: redirect });
    const location = new URL(redirect.headers()['location'] ?? '', origin);
    const live = /^\/live\/(lv\d+)\.m3u8$/.exec(location.pathname);
    let source: string;
    if (live) {
      const time = location.searchParams.get('txTime') ?? '';
      const secret = crypto
        .createHash('md5')
        .update(CLOUD_LIVE_SETTINGS.CSS_PLAY_KEY + live[1] + time)
        .digest('hex');
      if (
        location.origin !== PLAY ||
        location.searchParams.get('txSecret') !== secret ||
        parseInt(time, 16) * 1000 < Date.now()
      )
        return route.fulfill({ status: 403, body: `the CDN refuses ${location.href}` });
      source = `${origin}/streams/live/demo/master.m3u8${liveQuery}`;
    } else if (location.href === `${PLAY}/vod/master.m3u8`) {
      source = `${origin}/streams/vod/demo/master.m3u8${vodQuery}`;
    } else return route.fulfill({ status: 502, body: `unexpected redirect to ${location.href}` });
    const master = await route.fetch({ url: source });
    return route.fulfill({ response: master, body: onCdn(await master.text(), live ? 'live' : 'vod') });
  });
  await page.route(`${PLAY}/**`, async (route: Route) => {
    const url = new URL(route.request().url());
    const [, folder, file] = /^\/(live|vod)\/(.+)$/.exec(url.pathname) ?? [];
    if (!folder || !file) return route.fulfill({ status: 404, headers: cors, body: '' });
    const answer = await route.fetch({ url: `${origin}/streams/${folder}/demo/${file}${url.search}` });
    return route.fulfill({ response: answer, headers: { ...answer.headers(), ...cors } });
  });
}

// The stand-in CDN's routes may still be fetching a segment when the test ends (the player keeps loading): they are
// dropped without an error, which would otherwise land on the next test of this worker.
test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

const playedSeconds = (page: Page) =>
  page.getByTestId('player-video').evaluate((video: HTMLVideoElement) => video.currentTime);

test('a Tencent Cloud CSS broadcast goes live in the open room from its callbacks, ends, and its recording plays', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL ?? '').origin;
  const streamName = `lv${eventId()}`;
  const notify = async (
    notification: CssNotification,
    body = cssCallbackBody(cloud, notification, Date.now()),
  ) => (await page.request.post(`${origin}${CSS_CALLBACK_PATH}`, { data: body })).status();
  await playCdn(
    page,
    origin,
    await demoQuery(page, origin, 'demo', 'live_url'),
    await demoQuery(page, origin, 'vod', 'replay_url'),
  );

  await openRoute(page, `/pages/home/index?token=${CLOUD_BROADCAST_TEST_EVENT}`);
  const header = page.getByRole('region', { name: '云直播测试' });
  await expect(header.getByText('未开始', { exact: true })).toBeVisible();
  await expect(page.getByTestId('player-video')).toHaveCount(0);

  // A callback signed with another key is refused and changes nothing.
  const forged = cssCallbackBody(
    { ...cloud, callbackKey: 'guess' },
    { kind: 'began', streamName },
    Date.now(),
  );
  expect(await notify({ kind: 'began', streamName }, forged)).toBe(401);

  // The stream began: the room shows the player and plays the CDN's stream.
  expect(await notify({ kind: 'began', streamName })).toBe(200);
  await expect(page.getByTestId('player-video')).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => playedSeconds(page), { timeout: 15_000 }).toBeGreaterThan(1);

  // The stream ended and its recording is ready: 'ended', then the replay from the VOD domain plays.
  expect(await notify({ kind: 'ended', streamName })).toBe(200);
  const recording = `${PLAY}/vod/master.m3u8`;
  expect(await notify({ kind: 'recording', streamName, url: recording, format: 'hls', durationS: 12 })).toBe(
    200,
  );
  await expect(header.getByText('已结束', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('player-video')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => playedSeconds(page), { timeout: 20_000 }).toBeGreaterThan(1);
});
