/**
 * The live-room blocks' texts (`liveRoom.*`), added when the blocks' code loads rather than bundled with the first
 * load. Import this module from every component that uses `liveRoom.*` keys.
 */
import { addMessages } from '../../lib/i18n';
import en from '../../locales/live-room/en.json';
import zhCN from '../../locales/live-room/zh-CN.json';

addMessages('liveRoom', { 'zh-CN': zhCN, en });
