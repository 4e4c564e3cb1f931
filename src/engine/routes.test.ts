import { describe, expect, it } from 'vitest';
import { appConfig } from './config';
import { findRoute } from './routes';

describe('findRoute', () => {
  it('finds a route by its path and by each alias', () => {
    for (const route of appConfig.routes)
      for (const path of [route.path, ...(route.aliases ?? [])])
        expect(findRoute(appConfig, path)).toBe(route);
  });
  it('matches as the router did: any letter case, with or without a trailing slash', () => {
    const home = findRoute(appConfig, '/pages/home/index');
    expect(home?.page).toBe('home');
    expect(findRoute(appConfig, '/Pages/Home/INDEX')).toBe(home);
    expect(findRoute(appConfig, '/pages/home/index/')).toBe(home);
  });
  it('finds nothing for an unknown path, a longer path or a prefix', () => {
    expect(findRoute(appConfig, '/pages/nowhere/index')).toBeUndefined();
    expect(findRoute(appConfig, '/pages/home/index/more')).toBeUndefined();
    expect(findRoute(appConfig, '/pages/home')).toBeUndefined();
  });
});
