/** Contests: votes, paid votes, rankings, sign-up. */
import type { Domain } from '../services.ts';
import { voteHandlers } from './routes.ts';

export const voting: Domain = { routes: voteHandlers };
