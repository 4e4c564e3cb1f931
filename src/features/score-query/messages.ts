/** The score query texts (`scoreQuery.*`), loaded with the block instead of with the first page. */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('scoreQuery', { 'zh-CN': zhCN, en });
