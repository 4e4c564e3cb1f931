import type { AppConfig, RouteConfig } from './config';

/** Every path a route answers to: its own and its aliases, in declaration order. */
export function routePaths(route: RouteConfig): string[] {
  return [route.path, ...(route.aliases ?? [])];
}

export function findRoute(config: AppConfig, pathname: string): RouteConfig | undefined {
  return config.routes.find((route) => routePaths(route).includes(pathname));
}
