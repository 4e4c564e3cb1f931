/**
 * The voting texts (`vote.*`), loaded with the voting pages instead of with the first page: src/locales/zh-CN.json is
 * part of the first load, and these ~100 strings would cost it 1.6 KB gz. They join the app's translator here.
 */
import type { Locale } from '../../engine/config';
import { i18n } from '../../lib/i18n';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

type Tree = { [key: string]: string | Tree };

const texts: Record<Locale, Tree> = { 'zh-CN': zhCN, en };
const registered = new Set<Locale>();

function add(locale: Locale, tree: Tree, prefix: string): void {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') i18n.addResource(locale, `${prefix}.${key}`, value);
    else add(locale, value, `${prefix}.${key}`);
  }
}

function register(locale: Locale): void {
  if (registered.has(locale)) return;
  registered.add(locale);
  add(locale, texts[locale], 'vote');
}

// zh-CN is always loaded (it is the fallback). English joins only once the app has loaded its own English bundle
// (the language is switched after the load): adding to a bundle that is not there yet would make the app think it
// had loaded it, and the rest of the English texts would never come.
register('zh-CN');
if (i18n.language === 'en') register('en');
i18n.subscribe(() => {
  if (i18n.language === 'en') register('en');
});

export const voteLocales = texts;
