/** The access gate's and pop-ups' texts (`access.*`), added when that code loads instead of with the first load. */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('access', { 'zh-CN': zhCN, en });
