import { createContext, useContext } from 'react';
import type { RouteConfig } from './config';

export const RouteConfigContext = createContext<RouteConfig | null>(null);

/** The config entry of the route being shown. */
export function useRouteConfig(): RouteConfig {
  const route = useContext(RouteConfigContext);
  if (!route) throw new Error('useRouteConfig must be used inside a configured route');
  return route;
}
