/** WeChat: JS-SDK signature, event tickets, order detail; its notifications, OAuth login, refund sweep, emulator. */
import type { Domain } from '../services.ts';
import { wechatHandlers } from './routes.ts';
import { wechatRoutes } from './setup.ts';

export const wechat: Domain = { routes: wechatHandlers, plugin: wechatRoutes };
