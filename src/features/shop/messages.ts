/** The shop's texts (`shop.*`), registered by the shop's lazily loaded code, never the first load. */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('shop', { 'zh-CN': zhCN, en });
