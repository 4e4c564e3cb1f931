import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { cacheControl } from './static';

describe('app file caching', () => {
  it('keeps hashed assets for a year, never index.html without asking, icons for a day', () => {
    expect(cacheControl('assets/index-C8a0nVWA.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('index.html')).toBe('no-cache');
    expect(cacheControl('favicon.svg')).toBe('public, max-age=86400');
    expect(cacheControl('icons/icon-192.png')).toBe('public, max-age=86400');
    expect(cacheControl('manifest.webmanifest')).toBe('public, max-age=86400');
  });

  it('caches a compressed copy as the file it stands for', () => {
    expect(cacheControl('assets/index-C8a0nVWA.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('index.html.gz')).toBe('no-cache');
    expect(cacheControl('favicon.svg.br')).toBe('public, max-age=86400');
  });
});

describe('the build folder', () => {
  it('serves the app but not its dotfiles (Vite’s manifest, the build stamp)', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-static-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, '.build-stamp.json'), '{"inputs":"x","index":"y"}');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite/manifest.json'), '{}');
    const app = await buildServer({ databasePath: ':memory:', mode: 'test', distDir: dist });
    try {
      expect((await app.inject({ url: '/livev3/' })).statusCode).toBe(200);
      for (const url of ['/livev3/.build-stamp.json', '/livev3/.vite/manifest.json']) {
        const answer = await app.inject({ url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.body, url).not.toContain('inputs');
      }
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
