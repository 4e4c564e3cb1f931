/**
 * The texts of the account actions shown on other pages (save buttons, complaint entries), `accountActions.*`: a
 * namespace of their own, so the live room and the player page load these few lines, not every account text.
 */
import { addMessages } from '../../lib/i18n';
import en from './locales/actions.en.json';
import zhCN from './locales/actions.zh-CN.json';

addMessages('accountActions', { 'zh-CN': zhCN, en });
