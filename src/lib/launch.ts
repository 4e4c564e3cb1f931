/**
 * Launch data (video token, channel token, inviteId, locale): read once from the URL the viewer opened. The hash router
 * keeps its query after the `#/path?`, but WeChat's OAuth callback may put parameters before the hash, so both are read
 * (the hash wins).
 */
import { appConfig, isLocale, type Locale } from '../engine/config';
import { createStore } from './store';

export type LaunchData = {
  videoToken: string;
  uploadToken: string;
  locale: Locale;
  /** The page origin: relative photo paths from the server are resolved against it. */
  photoBaseUrl: string;
  inviteId: string;
};

const LOCALE_KEY = 'livev3:locale';

export function launchParams(href: string): URLSearchParams {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?') + 1) : '';
  new URLSearchParams(hashQuery).forEach((value, key) => params.set(key, value));
  return params;
}

/**
 * The language a link asks for: `locale` (what the app's own links carry), else `lang` (what people type: `?lang=en`,
 * `lang=zh`), either as the app's locale names or as a plain language code.
 */
function requestedLocale(params: URLSearchParams): string | null {
  const asked = params.get('locale') ?? params.get('lang');
  if (asked === null || isLocale(asked)) return asked;
  if (/^en\b/i.test(asked)) return 'en';
  if (/^zh\b/i.test(asked)) return 'zh-CN';
  return asked;
}

export function parseLaunch(href: string, storedLocale: string | null): LaunchData {
  const params = launchParams(href);
  const requested = requestedLocale(params);
  const locale = isLocale(requested)
    ? requested
    : isLocale(storedLocale)
      ? storedLocale
      : appConfig.constants.defaultLocale;
  return {
    videoToken: params.get('token') ?? '',
    uploadToken: '',
    locale,
    photoBaseUrl: new URL(href).origin,
    inviteId: params.get('inviteId') ?? '',
  };
}

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
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
