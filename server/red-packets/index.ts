/** Red packets: sending, checking, grabbing; outside production a route that lets a packet expire now. */
import type { Domain } from '../services.ts';
import { redpackDevRoutes, redpackHandlers } from './routes.ts';

export const redPackets: Domain = {
  routes: redpackHandlers,
  plugin(app, services) {
    if (services.settings.mode !== 'production') redpackDevRoutes(app, services);
  },
};
