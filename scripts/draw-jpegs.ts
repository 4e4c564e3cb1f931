/**
 * Drawing the demo's committed images: each is a small HTML page (often one inline SVG) that Debian's Chromium
 * renders and saves as JPEG, so nothing is downloaded and the pictures can be drawn again from their source.
 * Used by scripts/make-channel-images.ts (the showcase channel) and scripts/make-demo-images.ts (products, contests,
 * players, prizes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

// Debian's Chromium, as everywhere in the project (scripts/install-browser.ts installs it).
const CHROMIUM = '/usr/bin/chromium';

/** The CJK font the browser tests install, for the few words the pictures carry. */
export const FONT = `'Noto Sans CJK SC', 'Noto Sans', sans-serif`;

/** A page of exactly `width` x `height` pixels holding `body`. */
export const page = (width: number, height: number, body: string) => `<!doctype html><html><head><style>
  html, body { margin: 0; width: ${width}px; height: ${height}px; overflow: hidden; font-family: ${FONT}; }
  svg { display: block; }
</style></head><body>${body}</body></html>`;

/** One picture: its file name, its page and size, and the JPEG quality (default 82). */
export type Shot = { file: string; html: string; width: number; height: number; quality?: number };

/** Renders every shot into `out` (created when missing) and prints each file's size. */
export async function saveJpegs(out: string, shots: Shot[]): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    fs.mkdirSync(out, { recursive: true });
    for (const { file, html, width, height, quality = 82 } of shots) {
      const tab = await browser.newPage({ viewport: { width, height } });
      await tab.setContent(html);
      await tab.evaluate(() => document.fonts.ready);
      await tab.screenshot({ path: path.join(out, file), type: 'jpeg', quality });
      await tab.close();
    }
  } finally {
    await browser.close();
  }
  for (const { file } of shots) console.log(file, fs.statSync(path.join(out, file)).size, 'bytes');
}
