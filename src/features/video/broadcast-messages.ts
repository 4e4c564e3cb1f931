/** The broadcast notices' texts (`broadcast.*`). */
import { addMessages } from '../../lib/i18n';
import en from './locales/broadcast.en.json';
import zhCN from './locales/broadcast.zh-CN.json';

addMessages('broadcast', { 'zh-CN': zhCN, en });
