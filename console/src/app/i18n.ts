/**
 * The console's texts on i18next, as the app's (src/lib/i18n.ts): zh-CN by default, English by the language switch,
 * which the browser remembers. Both bundles ship with the console (it is small and loads only for organisers).
 */
import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

export type Locale = 'zh-CN' | 'en';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];
const KEY = 'livev3:console:locale';

function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'en' ? 'en' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

const i18n = i18next.createInstance();
void i18n.init({
  lng: storedLocale(),
  fallbackLng: 'zh-CN',
  supportedLngs: [...LOCALES],
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
document.documentElement.lang = i18n.language;

export const currentLocale = (): Locale => (i18n.language === 'en' ? 'en' : 'zh-CN');

export function setLocale(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Private mode: the switch holds for this page only.
  }
  document.documentElement.lang = locale;
  void i18n.changeLanguage(locale);
}

const subscribe = (listener: () => void) => {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
};

type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${'one' | 'other'}` ? Base : K}`
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** A key of the console's texts (`'events.title'`; counted texts by their base: `_one`/`_other`), checked against the Chinese bundle. */
export type ConsoleKey = KeysOf<typeof zhCN>;
type Values = Record<string, string | number | undefined>;

// The app's i18next types (src/locales/resources.gen.d.ts) describe the viewer app's keys; this instance holds the
// console's, typed by ConsoleKey instead.
const translate = i18n.t.bind(i18n) as unknown as (key: string, options?: object) => string;

/**
 * The console's `t` (a key of its texts), `text` (a key made at run time, such as a contract field's label, with the
 * fallback shown when the texts have none), re-rendering on a language switch.
 */
export function useT() {
  const locale = useSyncExternalStore(subscribe, currentLocale);
  return useMemo(
    () => ({
      locale,
      t: (key: ConsoleKey, values?: Values) => translate(key, { ...values, lng: locale }),
      text: (key: string, fallback: string, values?: Values) =>
        i18n.exists(key, { lng: locale }) ? translate(key, { ...values, lng: locale }) : fallback,
    }),
    [locale],
  );
}
