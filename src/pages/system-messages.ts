/**
 * The system pages' texts (`system.*`: image preview, choose/open location, web view), added when one of those pages
 * loads instead of shipping with the first load. Each of those pages imports this module.
 */
import { addMessages } from '../lib/i18n';
import en from '../locales/system/en.json';
import zhCN from '../locales/system/zh-CN.json';

addMessages('system', { 'zh-CN': zhCN, en });
