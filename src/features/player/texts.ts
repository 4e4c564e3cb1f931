/** The player's texts (`player.*`), added when the player's code loads instead of with the first load. */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('player', { 'zh-CN': zhCN, en });
