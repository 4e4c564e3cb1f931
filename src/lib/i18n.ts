/**
 * i18next with zh-CN (the default) bundled and English loaded on demand, so Chinese viewers download one locale.
 * The locale comes from the launch query, else the stored choice, else the config default.
 * React binding: a ten-line hook on useSyncExternalStore instead of react-i18next, whose 2.7 KB gz the first-load
 * budget cannot spare; it re-renders translated components when the language changes, which is all the app needs.
 */
import i18next, { type TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import type { Locale } from '../engine/config';
import zhCN from '../locales/zh-CN.json';
import { launchStore, persistLocale } from './launch';

export const i18n = i18next.createInstance();

const loaders: Record<Locale, () => Promise<object>> = {
  'zh-CN': async () => zhCN,
  en: async () => (await import('../locales/en.json')).default,
};

// Initialised synchronously at import with the bundled zh-CN, so `t` works everywhere from the first render (and in
// unit tests); initI18n then switches to the launch locale.
void i18n.init({
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  resources: { 'zh-CN': { translation: zhCN } },
  interpolation: { escapeValue: false }, // React escapes; nothing is rendered as HTML.
  returnNull: false,
  initAsync: false,
});

export async function initI18n(locale: Locale): Promise<void> {
  await changeLocale(locale);
}

export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loaders[locale]());
  }
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  persistLocale(locale);
  launchStore.update((draft) => {
    draft.locale = locale;
  });
}

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribe, () => i18n.language);
  const t = useMemo(() => i18n.getFixedT(language), [language]);
  return { t, i18n };
}
