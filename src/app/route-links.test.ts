import { describe, expect, it } from 'vitest';
import { appConfig, type AppConfig } from '../engine/config';
import * as accountRoutes from '../features/account/routes';
import * as channelRoutes from '../features/channel/routes';
import * as shopRoutes from '../features/shop/routes';
import * as videoRoutes from '../features/video/routes';
import * as voteRoutes from '../features/vote/routes';

const linkBuilders: Record<string, (config?: AppConfig) => string> = {
  ...accountRoutes,
  ...channelRoutes,
  ...shopRoutes,
  ...videoRoutes,
  ...voteRoutes,
};

/** A copy of config/app.json with one route moved to another path. */
function renamed(path: string, to: string): AppConfig {
  const routes = appConfig.routes.map((route) => (route.path === path ? { ...route, path: to } : route));
  expect(routes.filter((route) => route.path === to)).toHaveLength(1);
  return { ...appConfig, routes };
}

describe('in-app links find their route in config', () => {
  it.each(Object.entries(linkBuilders))('%s opens a route of config/app.json', (_name, pageOf) => {
    expect(appConfig.routes.map((route) => route.path)).toContain(pageOf());
  });

  it.each(Object.entries(linkBuilders))('%s follows its route when config renames it', (name, pageOf) => {
    const path = pageOf();
    const config = renamed(path, `/renamed/${name}`);
    expect(pageOf(config)).toBe(`/renamed/${name}`);
    for (const [other, otherPageOf] of Object.entries(linkBuilders))
      if (otherPageOf() !== path) expect(otherPageOf(config), other).toBe(otherPageOf());
  });

  it('keeps the pages that show the same block apart', () => {
    expect(voteRoutes.rankPage()).toBe('/pages/vote/rank/index');
    expect(voteRoutes.teamRankPage()).toBe('/pages/vote/team-rank/index');
    expect(channelRoutes.channelRankPage()).toBe('/pages/channel/rank/index');
    expect(shopRoutes.shopPage()).toBe('/pages/shop/index');
  });
});
