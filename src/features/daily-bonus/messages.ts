/** The daily bonus texts (`dailyBonus.*`), loaded with the block instead of with the first page. */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('dailyBonus', { 'zh-CN': zhCN, en });
