/**
 * The spec's messages (`messages.*`: payment, upload, share, sign-up, chat, information form), added when a module
 * that shows one loads; none of them is needed on the first load. Import this module for its effect.
 */
import { addMessages } from './i18n';
import en from '../locales/messages/en.json';
import zhCN from '../locales/messages/zh-CN.json';

addMessages('messages', { 'zh-CN': zhCN, en });
