import { describe, expect, it } from 'vitest';
import { frameSrc, framesFor, phoneSizes, routeChoices } from './frames';

describe('studio frames', () => {
  const request = {
    base: '/livev3/',
    route: '/pages/home/index',
    query: 'token=demo&locale=zh-CN',
    locale: 'en',
    themes: ['red', 'pink'],
    variants: ['default', 'channel'],
  };

  it('shows every theme x variant at the standard phone size', () => {
    const frames = framesFor({ ...request, layout: 'themes' });
    expect(frames.map((frame) => frame.key)).toEqual([
      'red-default',
      'red-channel',
      'pink-default',
      'pink-channel',
    ]);
    expect(new Set(frames.map((frame) => frame.size.width))).toEqual(new Set([390]));
  });

  it('shows the first theme in every phone size', () => {
    const frames = framesFor({ ...request, layout: 'sizes' });
    expect(frames.map((frame) => frame.size)).toEqual(phoneSizes);
    expect(frames.every((frame) => frame.src.includes('theme=red&variant=default'))).toBe(true);
  });

  it('forces theme, variant and language in the hash query over the demo data', () => {
    expect(
      frameSrc('/livev3/', '/pages/home/index', { locale: 'en', theme: 'pink' }, 'token=demo&locale=zh-CN'),
    ).toBe('/livev3/#/pages/home/index?token=demo&locale=en&theme=pink');
  });

  it('lists paths and aliases, not the catch-all', () => {
    expect(routeChoices([{ path: '/', aliases: ['/pages/index/index'] }, { path: '*' }])).toEqual([
      '/',
      '/pages/index/index',
    ]);
  });
});
