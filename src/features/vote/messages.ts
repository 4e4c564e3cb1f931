/**
 * The voting texts (`vote.*`), loaded with the voting pages instead of with the first page: src/locales/zh-CN.json is
 * part of the first load, and these ~100 strings would cost it 1.6 KB gz.
 */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('vote', { 'zh-CN': zhCN, en });
