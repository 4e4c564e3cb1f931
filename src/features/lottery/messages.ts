/** The lottery texts (`lottery.*`), loaded with the lottery blocks instead of with the first page. */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('lottery', { 'zh-CN': zhCN, en });
