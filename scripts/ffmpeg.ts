/**
 * ffmpeg from Debian's package, for the RTMP ingest (server/broadcast/) and its browser test: installed with apt-get
 * (as root, or with sudo -n) when missing, like Chromium (install-browser.ts) and PostgreSQL (services.ts).
 */
import { execSync } from 'node:child_process';
import { has } from './services.ts';

/** Makes sure `ffmpeg` runs; answers why not when it cannot be installed (the server then starts without ingest). */
export function ensureFfmpeg(options: { quiet?: boolean } = {}): string | null {
  if (has('ffmpeg -hide_banner -version')) return null;
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? '' : has('sudo -n true') ? 'sudo -n ' : null;
  if (sudo === null) return 'ffmpeg is missing and apt-get needs root: apt-get install ffmpeg';
  console.log('Installing ffmpeg (for RTMP ingest) with apt-get...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const stdio = options.quiet ? 'ignore' : 'inherit';
  try {
    execSync(`${sudo}apt-get update -qq`, { stdio, env });
    execSync(`${sudo}apt-get install -y -qq --no-install-recommends ffmpeg`, { stdio, env });
  } catch (error) {
    return `apt-get install ffmpeg failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  return has('ffmpeg -hide_banner -version') ? null : 'ffmpeg was installed but does not run';
}
