import { expect, openThemedRoute, test } from '../fixtures';

/**
 * The player with a CEA-608 caption line on its caption grid and the CC button on, in a dark and a light theme: one
 * page load per theme. The demo stream plays with captions chosen (as remembered), and is paused on the second
 * caption, so the line stands still; the moving picture is hidden in the capture (the caption sits over the
 * player's own background, where the picture would be).
 */
const THEMES = ['red', 'whitegold'] as const;
const CAPTION = 'CEA-608, embedded in the video';

test.describe.configure({ mode: 'parallel' });

for (const theme of THEMES) {
  test(`player-captions · ${theme}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => localStorage.setItem('livev3:captions', '{"kind":"captions"}'));
    await openThemedRoute(page, '/pages/home/index?token=demo&locale=en', theme, 'default');
    const video = page.getByTestId('player-video');
    await expect(video).toBeVisible({ timeout: 15_000 });
    const cover = page.getByRole('button', { name: 'Tap to play' });
    if (await cover.isVisible().catch(() => false)) await cover.click();
    const line = page.getByTestId('caption-line');
    // Within one loop of the 12 s recording; paused at once, the line stays.
    await expect(line).toHaveText(CAPTION, { timeout: 30_000 });
    await video.evaluate((element: HTMLVideoElement) => {
      element.pause();
      element.style.visibility = 'hidden';
    });
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(line).toHaveText(CAPTION);
    await expect(page.getByTestId('captions-button')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('player')).toHaveScreenshot([`${theme}-default`, 'player-captions.png'], {
      animations: 'disabled',
      caret: 'hide',
    });
  });
}
