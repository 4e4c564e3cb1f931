/** The red packets' texts: they load with the red packet card and popup (chat code), not with the first load. */
import { addMessages } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

addMessages('redPacket', { 'zh-CN': zhCN, en });
