/** Stream URL signing, and the HLS routes (VOD as recorded, live as a window over the clock). */
import type { Domain } from '../services.ts';
import { streamRoutes } from './plugin.ts';
import { streamHandlers } from './routes.ts';

export const streams: Domain = {
  routes: streamHandlers,
  async plugin(app, services) {
    await app.register(async (scope) => streamRoutes(scope, services));
  },
};
