import { describe, expect, it } from 'vitest';
import { appConfig } from './config';
import type { AppConfig } from './config';
import { findRoute, pageShowing, pathTo } from './routes';

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

describe('pageShowing', () => {
  const config = {
    ...appConfig,
    routes: [
      {
        path: '/room',
        page: 'home',
        login: 'none',
        title: appConfig.routes[0].title,
        blocks: [{ type: 'video' }, { type: 'shop' }],
      },
      {
        path: '/shop',
        page: 'blocks',
        login: 'none',
        title: appConfig.routes[0].title,
        blocks: [{ type: 'shop' }],
      },
      {
        path: '/check-in',
        page: 'blocks',
        login: 'none',
        title: appConfig.routes[0].title,
        blocks: [{ type: 'check-in' }, { type: 'mine' }],
      },
    ],
  } satisfies AppConfig;
  it('prefers the page that opens with the block over one that shows it further down', () => {
    expect(pageShowing(config, 'shop')).toBe('/shop');
  });
  it('else takes the first page that shows it anywhere', () => {
    expect(pageShowing(config, 'mine')).toBe('/check-in');
  });
  it('finds nothing for a block no page shows', () => {
    expect(pageShowing(config, 'lottery')).toBeUndefined();
  });
  it("resolves the user centre's pages from config/app.json", () => {
    expect(pageShowing(appConfig, 'account-user')).toBe('/pages/user/index');
    expect(pageShowing(appConfig, 'shop-products')).toBe('/pages/shop/index');
    expect(pageShowing(appConfig, 'lottery')).toBe('/pages/lottery/index');
    expect(pageShowing(appConfig, 'check-in-mine')).toBe('/pages/check-in/index');
    expect(pageShowing(appConfig, 'invite')).toBe('/pages/home/index');
  });
});

describe('pathTo', () => {
  it('finds a page by its key', () => {
    expect(pathTo(appConfig, { page: 'home' })).toBe('/pages/home/index');
    expect(pathTo(appConfig, { page: 'preview-image' })).toBe('/preview-image');
  });
  it("tells apart the pages that show one block by the block's props and the route's theme variant", () => {
    expect(pathTo(appConfig, { block: 'vote-rank', props: { by: 'teams' } })).toBe(
      '/pages/vote/team-rank/index',
    );
    expect(pathTo(appConfig, { block: 'vote-rank', themeVariant: 'channel' })).toBe(
      '/pages/channel/rank/index',
    );
    expect(pathTo(appConfig, { block: 'lottery', props: { presentation: 'grid' } })).toBe(
      '/pages/lottery/grid/index',
    );
  });
  it('names the target no route matches', () => {
    expect(() => pathTo(appConfig, { block: 'nowhere' })).toThrow(
      'config/app.json: no route for the link target {"block":"nowhere"}',
    );
    expect(() => pathTo(appConfig, { page: 'nowhere' })).toThrow('{"page":"nowhere"}');
  });
});
