/**
 * The organiser console's operations (schemas/api/console.json and its neighbours): the caller's organisations and
 * roles, and each organisation's events; each part of the console adds its handler map to the list below.
 */
import type { Domain } from '../services.ts';
import { consoleFigureHandlers } from './figures.ts';
import { consoleLiveHandlers } from './live.ts';
import { consoleHandlers } from './routes.ts';

const parts: readonly Domain['routes'][] = [consoleHandlers, consoleLiveHandlers, consoleFigureHandlers];

export const organiserConsole: Domain = {
  routes: (services) => Object.assign({}, ...parts.map((part) => part(services))),
};
