/** The check-in texts (`checkIn.*`), loaded with the blocks instead of with the first page. */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('checkIn', { 'zh-CN': zhCN, en });
