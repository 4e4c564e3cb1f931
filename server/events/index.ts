/** The event: detail, access gates, live room, favourites, complaints, QR codes. */
import type { Domain } from '../services.ts';
import { accessHandlers } from './access-routes.ts';
import { complaintHandlers } from './complaint-routes.ts';
import { favouriteHandlers } from './favourite-routes.ts';
import { liveRoomHandlers } from './live-room-routes.ts';
import { qrcodeHandlers } from './qrcode-routes.ts';
import { videoHandlers } from './routes.ts';

export const events: Domain = {
  routes: (services) => ({
    ...videoHandlers(services),
    ...accessHandlers(services),
    ...liveRoomHandlers(services),
    ...favouriteHandlers(services),
    ...complaintHandlers(services),
    ...qrcodeHandlers(services),
  }),
};
