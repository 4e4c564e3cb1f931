/**
 * The live-room blocks' texts (`liveRoom.*`), added to the translator when the blocks' code loads rather than bundled
 * in src/locales/*.json: those ship with the first load, whose budget cannot spare them. Import this module from
 * every component that uses `liveRoom.*` keys. English is added once English is the language (the translator loads
 * en.json only then; adding to it earlier would keep the rest of it from loading).
 */
import { i18n } from '../../lib/i18n';
import en from '../../locales/live-room/en.json';
import zhCN from '../../locales/live-room/zh-CN.json';

type Tree = { [key: string]: string | Tree };

function add(locale: 'zh-CN' | 'en', tree: Tree, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') i18n.addResource(locale, `${prefix}.${key}`, value);
    else add(locale, value, `${prefix}.${key}`);
  }
}

add('zh-CN', zhCN, 'liveRoom');
let englishAdded = false;
function addEnglish() {
  if (englishAdded || i18n.language !== 'en') return;
  englishAdded = true;
  add('en', en, 'liveRoom');
}
addEnglish();
i18n.subscribe(addEnglish);
