/** Organisers' exports: orders, information forms, lottery winners. */
import type { Domain } from '../services.ts';
import { downloadHandlers } from './routes.ts';

export const downloads: Domain = { routes: downloadHandlers };
