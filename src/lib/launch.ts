/**
 * Launch data (video token, channel token, inviteId, locale): read once from the URL the viewer opened. The hash router
 * keeps its query after the `#/path?`, but WeChat's OAuth callback may put parameters before the hash, so both are read
 * (the hash wins).
 */
import { appConfig, locales, type Locale } from '../engine/config';
import { LOCALE_KEY, launchLocale, launchParams, readStoredLocale } from './launch-params';

export { launchParams } from './launch-params';
import { createStore } from './store';

export type LaunchData = {
  videoToken: string;
  uploadToken: string;
  locale: Locale;
  /** The page origin: relative photo paths from the server are resolved against it. */
  photoBaseUrl: string;
  inviteId: string;
};

export function parseLaunch(href: string, storedLocale: string | null): LaunchData {
  const params = launchParams(href);
  const locale = launchLocale(params, storedLocale, locales, appConfig.constants.defaultLocale);
  return {
    videoToken: params.get('token') ?? '',
    uploadToken: '',
    locale,
    photoBaseUrl: new URL(href).origin,
    inviteId: params.get('inviteId') ?? '',
  };
}

export const launchStore = createStore<LaunchData>(
  typeof window === 'undefined'
    ? parseLaunch('http://localhost/', null)
    : parseLaunch(window.location.href, readStoredLocale()),
);

export function persistLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode storage can throw; the locale then lasts for this page only.
  }
}
