/**
 * Red packets: sending, checking, grabbing; the grabbed shares' payouts to WeChat balance (the transfer worker and
 * WeChat's transfer notification); outside production a route that lets a packet expire now.
 */
import type { Domain } from '../services.ts';
import { redpackDevRoutes, redpackHandlers } from './routes.ts';
import { transferNotifyRoute } from './transfer-notify.ts';
import { processDueTransfers, refundFailedTransfers } from './transfers.ts';

/** How often due transfers are sent, retried and asked about (RED_PACKET_TRANSFER_SWEEP_MS). */
const TRANSFER_SWEEP_MS = Number(process.env.RED_PACKET_TRANSFER_SWEEP_MS) || 2000;

export const redPackets: Domain = {
  routes: redpackHandlers,
  async plugin(app, services) {
    const runtime = services.wechat;
    await app.register(transferNotifyRoute, { runtime });
    services.every(TRANSFER_SWEEP_MS, async () => {
      await processDueTransfers(runtime);
      await refundFailedTransfers(runtime);
    });
    if (services.settings.mode !== 'production') redpackDevRoutes(app, services);
  },
};
