/** The organiser console's operations: the caller's organisations and roles, and each organisation's events. */
import type { Domain } from '../services.ts';
import { consoleHandlers } from './routes.ts';

export const organiserConsole: Domain = { routes: consoleHandlers };
