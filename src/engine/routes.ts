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
