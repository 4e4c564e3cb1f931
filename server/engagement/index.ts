/** Lottery, daily bonus, check-in, score query. */
import type { Domain } from '../services.ts';
import { engagementHandlers } from './routes.ts';

export const engagement: Domain = { routes: engagementHandlers };
