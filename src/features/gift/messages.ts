/** The gift popup's texts: they load with the popup, not with the chat room. */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('gift', { 'zh-CN': zhCN, en });
