/** Products, addresses, orders and the organiser's shop calls. */
import type { Domain } from '../services.ts';
import { shopHandlers } from './routes.ts';

export const shop: Domain = { routes: shopHandlers };
