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

describe('the organiser console', () => {
  it('answers its browser routes with its index.html and serves its files, hashed ones for a year', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-static-console-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.mkdirSync(path.join(dist, 'console/assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'console/index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(dist, 'console/assets/index-abc.js'), 'console.log(1)');
    const app = await buildServer({ databasePath: ':memory:', mode: 'test', distDir: dist });
    try {
      for (const url of ['/livev3/console/', '/livev3/console/o/1/events', '/livev3/console/o/1/events/12']) {
        const answer = await app.inject({ url });
        expect([url, answer.statusCode, answer.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
        expect(answer.body, url).toContain('<title>console</title>');
      }
      expect((await app.inject({ url: '/livev3/console' })).headers.location).toBe('/livev3/console/');
      const script = await app.inject({ url: '/livev3/console/assets/index-abc.js' });
      expect([script.statusCode, script.headers['cache-control']]).toEqual([
        200,
        'public, max-age=31536000, immutable',
      ]);
      expect((await app.inject({ url: '/livev3/console/assets/missing-1.js' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/livev3/' })).body).toContain('<title>app</title>');
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
