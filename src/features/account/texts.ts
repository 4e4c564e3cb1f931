/** The account pages' texts (`account.*`) and the spec's messages, added when account code loads. */
import '../../lib/messages';
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('account', { 'zh-CN': zhCN, en });
