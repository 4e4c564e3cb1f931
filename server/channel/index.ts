/** The channel home and its search. */
import type { Domain } from '../services.ts';
import { channelHandlers } from './routes.ts';

export const channel: Domain = { routes: channelHandlers };
