import { describe, expect, it } from 'vitest';
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
