/**
 * The channel pages' texts (`channel.*`), added when the channel code loads rather than bundled with the first load.
 * Import this module from every component that uses `channel.*` keys.
 */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('channel', { 'zh-CN': zhCN, en });
