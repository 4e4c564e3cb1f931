/**
 * The access pop-ups' texts (`access.*` beyond the gate line and its button), added to the translator when the
 * pop-ups' code loads instead of shipping in src/locales/*.json with the first load. English is added once English
 * is the language (the translator loads en.json only then; adding to it earlier would keep the rest from loading).
 */
import { i18n } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

type Tree = { [key: string]: string | Tree };

function add(locale: 'zh-CN' | 'en', tree: Tree, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') i18n.addResource(locale, `${prefix}.${key}`, value);
    else add(locale, value, `${prefix}.${key}`);
  }
}

add('zh-CN', zhCN, 'access');
let englishAdded = false;
function addEnglish() {
  if (englishAdded || i18n.language !== 'en') return;
  englishAdded = true;
  add('en', en, 'access');
}
addEnglish();
i18n.subscribe(addEnglish);
