import type { AppConfig, RouteConfig } from './config';

/** Every path a route answers to: its own and its aliases, in declaration order. */
export function routePaths(route: RouteConfig): string[] {
  return [route.path, ...(route.aliases ?? [])];
}

/** The path as routes compare it: case-insensitive and without a trailing slash, as a router's default matching. */
function normalPath(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (path || '/').toLowerCase();
}

/**
 * The route a hash path shows. Routes are exact paths (no parameters), so this one pass over the config is the whole
 * match: a router's ranking of 40 routes, redone on every render of the route switch, cost the first render ~10 ms.
 */
export function findRoute(config: AppConfig, pathname: string): RouteConfig | undefined {
  const wanted = normalPath(pathname);
  return config.routes.find((route) => routePaths(route).some((path) => normalPath(path) === wanted));
}

/**
 * The path of the page that shows a block type: the first route that opens with it, else the first that shows it at
 * all (the shop's list opens the shop page and also closes the live room). Links name a page by what it shows, so
 * config/app.json alone owns the paths; undefined when no route shows the block.
 */
export function pageShowing(config: AppConfig, blockType: string): string | undefined {
  const opening = config.routes.find((route) => route.blocks[0]?.type === blockType);
  return (opening ?? config.routes.find((route) => route.blocks.some((block) => block.type === blockType)))
    ?.path;
}
