import type { AppConfig, BlockConfig, RouteConfig, ThemeVariant } from './config';

/** Every path a route answers to: its own and its aliases, in declaration order. */
function routePaths(route: RouteConfig): string[] {
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
 * What a link opens, as config/app.json knows it: a page key that one route renders (`home`, `channel`,
 * `preview-image`...), or, for the pages of blocks (they all share the page key `blocks`), the block the page shows,
 * narrowed by the block's props or the route's theme variant where several routes show it.
 */
export type LinkTarget =
  { page: string } | { block: string; props?: Record<string, unknown>; themeVariant?: ThemeVariant };

function shows(route: RouteConfig, block: BlockConfig | undefined, target: LinkTarget): boolean {
  if (!block || 'page' in target || block.type !== target.block) return false;
  if (target.themeVariant && (route.themeVariant ?? 'default') !== target.themeVariant) return false;
  return Object.entries(target.props ?? {}).every(([key, value]) => block.props?.[key] === value);
}

/**
 * The route of a link target: the first of the page key; else the first that opens with the block, else the first
 * that shows it at all (the shop's list opens the shop page and also closes the live room).
 */
function routeOf(config: AppConfig, target: LinkTarget): RouteConfig | undefined {
  if ('page' in target) return config.routes.find((route) => route.page === target.page);
  return (
    config.routes.find((route) => shows(route, route.blocks[0], target)) ??
    config.routes.find((route) => route.blocks.some((block) => shows(route, block, target)))
  );
}

/**
 * The path a link opens. Links find their page here, never by a path of their own, so config/app.json alone owns the
 * paths; a target no route matches is an error that names it.
 */
export function pathTo(config: AppConfig, target: LinkTarget): string {
  const route = routeOf(config, target);
  if (!route) throw new Error(`config/app.json: no route for the link target ${JSON.stringify(target)}`);
  return route.path;
}

/** The path of the page that shows a block type (as `pathTo`), or undefined for a link to a page config may leave out. */
export function pageShowing(config: AppConfig, blockType: string): string | undefined {
  return routeOf(config, { block: blockType })?.path;
}
