/** Chat lines and rewards (tips, gifts), over HTTP and the socket. */
import type { Domain } from '../services.ts';
import { chatSocketHandlers } from './lines.ts';
import { chatHandlers } from './routes.ts';

export const chat: Domain = { routes: chatHandlers, socketHandlers: chatSocketHandlers };
