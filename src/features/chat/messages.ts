/**
 * The chat room's texts: they load with the chat code (registered before any of its components render), not with the
 * first load. Gifts and red packets register their own (gift/messages.ts, red-packet/messages.ts).
 */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('chat', { 'zh-CN': zhCN, en });
