/**
 * Going live for real: ffmpeg publishes a test pattern (H.264/AAC, a keyframe a second) over RTMP with the event's
 * stream key to the server's ingest; the open room (no reload) switches from the cover to the player and plays it
 * through hls.js; a wrong key is refused; stopping the publisher shows 'ended', and the replay then plays. The event
 * `broadcast-e2e` is this test's own (server/seed/broadcast.ts); its key is read from the run's database.
 */
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, openRoute, test } from '../fixtures';
import { publishTestPattern } from '../../scripts/test-pattern';

const RTMP = `rtmp://127.0.0.1:${Number(process.env.E2E_RTMP_PORT ?? 19350)}/live`;

function streamKey(): string {
  const database = new Database(process.env.LIVEV3_E2E_DATABASE ?? '', {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const row = database
      .prepare(
        "SELECT k.stream_key AS key FROM stream_keys k JOIN events e ON e.id = k.event_id WHERE e.token = 'broadcast-e2e'",
      )
      .get() as { key: string } | undefined;
    if (!row) throw new Error('broadcast-e2e has no stream key');
    return row.key;
  } finally {
    database.close();
  }
}

const publish = (url: string, seconds: number) => publishTestPattern(url, { seconds });

const playedSeconds = (page: Page) =>
  page.getByTestId('player-video').evaluate((video: HTMLVideoElement) => video.currentTime);

test('an RTMP publisher goes live in the open room, a wrong key is refused, and the replay plays after', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const key = streamKey();
  const wrong = publish(`${RTMP}/live_${'x'.repeat(22)}`, 2);
  await openRoute(page, '/pages/home/index?token=broadcast-e2e');
  await expect(page.getByRole('heading', { name: '直播推流测试' })).toBeVisible();
  await expect(page.getByTestId('player-video')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: '直播推流测试' }).getByText('未开始', { exact: true }),
  ).toBeVisible();
  // The wrong key's connection is closed: ffmpeg fails.
  expect(await wrong.exited).not.toBe(0);

  const publisher = publish(`${RTMP}/${key}`, 90);
  try {
    // Within 10 s the room, without a reload, shows the player, and it plays.
    await expect(page.getByTestId('player-video')).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => playedSeconds(page), { timeout: 15_000 }).toBeGreaterThan(1);

    // The encoder stops: the room says the broadcast ended, then plays its replay.
    publisher.stop();
    await publisher.exited;
    // 'Ended' in the room's header (and over the cover, '直播已结束…', while the replay is being made, when it takes a while).
    const header = page.getByRole('region', { name: '直播推流测试' });
    await expect(header.getByText('已结束', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('player-video')).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => playedSeconds(page), { timeout: 20_000 }).toBeGreaterThan(1);
  } finally {
    publisher.kill();
  }
});
