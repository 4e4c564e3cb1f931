/**
 * Subtitles and captions over the playing demo stream (its master playlist lists two WebVTT subtitle tracks and
 * CEA-608 captions embedded in the video): the CC button's menu offers them, a subtitle cue shows over the picture,
 * then a caption line on the caption grid, chosen with the keyboard; the choice is remembered; hls.js's full build is
 * the only one loaded. One page load.
 */
import { expect, openRoute, test } from '../fixtures';

const SUBTITLES = [
  'Subtitle sample: welcome to livev3',
  'This is a WebVTT subtitle track',
  'Tap CC to choose subtitles',
];
const CAPTIONS = [
  'livev3 demo: closed captions',
  'CEA-608, embedded in the video',
  'Tap CC to choose a track',
];

test('the CC menu shows a subtitle track and then the embedded captions over the playing stream', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await openRoute(page, '/pages/home/index?token=demo&locale=en');
  const video = page.getByTestId('player-video');
  await expect(video).toBeVisible({ timeout: 15_000 });
  const cover = page.getByRole('button', { name: 'Tap to play' });
  if (await cover.isVisible().catch(() => false)) await cover.click();

  const cc = page.getByRole('button', { name: /^CC: subtitles and captions,/ });
  await expect(cc).toBeVisible({ timeout: 20_000 });
  await expect(cc).toHaveAccessibleName('CC: subtitles and captions, Off');
  await expect(cc).toHaveAttribute('aria-expanded', 'false');
  await cc.click();
  const menu = page.getByRole('menu', { name: 'Subtitles and captions' });
  // The tracks as hls.js lists them, polled in: off, Chinese, English, and the captions once the master is read.
  await expect(menu.getByRole('menuitemradio')).toHaveText([
    '✓Off',
    '中文',
    'English',
    'Closed captions (CC1)',
  ]);
  await expect(menu.getByRole('menuitemradio', { name: 'Off' })).toBeFocused();
  await menu.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(menu).toBeHidden();
  await expect(cc).toBeFocused();
  await expect(cc).toHaveAccessibleName('CC: subtitles and captions, English');

  const cue = page.getByTestId('subtitle-cue');
  await expect(cue).toBeVisible({ timeout: 15_000 });
  expect(SUBTITLES).toContain(await cue.textContent());

  // The keyboard: open, move to the captions, choose.
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: 'Closed captions (CC1)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cc).toHaveAccessibleName('CC: subtitles and captions, Closed captions (CC1)');
  await expect(cue).toBeHidden();

  // A caption comes within a loop of the 12 s recording; it sits on the grid's bottom row (CEA-608 row 15).
  const line = page.getByTestId('caption-line');
  await expect(line).toBeVisible({ timeout: 20_000 });
  expect(CAPTIONS).toContain(await line.textContent());
  const grid = page.getByTestId('caption-grid');
  const place = await line.evaluate((element) => ({
    row: getComputedStyle(element).gridRowStart,
    rows: getComputedStyle(element.parentElement as HTMLElement).gridTemplateRows.split(' ').length,
    columns: getComputedStyle(element.parentElement as HTMLElement).gridTemplateColumns.split(' ').length,
  }));
  expect(place).toEqual({ row: '15', rows: 15, columns: 100 });
  // Over the picture.
  const [frame, box] = [await video.boundingBox(), await grid.boundingBox()];
  expect(box && frame && box.y >= frame.y && box.y + box.height <= frame.y + frame.height).toBe(true);

  expect(await page.evaluate(() => localStorage.getItem('livev3:captions'))).toBe('{"kind":"captions"}');
  // The stream has subtitles and captions: hls.js's full build from the start, never the light one as well.
  expect(scripts.filter((script) => /\/hls-[\w-]+\.js$/.test(script))).toHaveLength(1);
  expect(scripts.filter((script) => script.includes('hls.light'))).toEqual([]);
});
