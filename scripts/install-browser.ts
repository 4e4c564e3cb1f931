/**
 * Makes sure the browser tests can run: Debian's Chromium (/usr/bin/chromium), the Noto CJK fonts, so Chinese
 * renders in screenshots, and ffmpeg (the broadcast test publishes with it, the server's RTMP ingest drives it). Quiet
 * when all are present; installs with apt-get otherwise (root, or sudo -n).
 * Playwright's own browser download does not work on these machines, so the suites use this Chromium.
 */
import { execSync } from 'node:child_process';
import { has } from './services.ts';
import fs from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

const missing: string[] = [];
if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
if (!has('dpkg -s fonts-noto-cjk')) missing.push('fonts-noto-cjk');
// The broadcast test publishes a test pattern with ffmpeg, and the server's RTMP ingest drives it.
if (!has('ffmpeg -hide_banner -version')) missing.push('ffmpeg');

if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? '' : has('sudo -n true') ? 'sudo -n ' : null;
  if (sudo === null) {
    console.error(`Browser tests need: ${missing.join(', ')}. Install them with apt-get as root.`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`, {
    stdio: 'inherit',
    env,
  });
}
