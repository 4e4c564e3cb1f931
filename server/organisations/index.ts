/** Organisations and their members' roles: who may act for an organiser, and what a viewer may do as one. */
import type { Domain } from '../services.ts';
import { organisationHandlers } from './routes.ts';

export const organisations: Domain = { routes: organisationHandlers };
