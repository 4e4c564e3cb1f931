/**
 * The launch URL's parts, read the same way by the start-up (src/boot/start.ts, before the entry has downloaded) and by
 * the app: the query of the address and of the hash route (the hash wins: WeChat's OAuth callback may put parameters
 * before the hash), the hash route's path, the locale a link asks for and the one the viewer chose last time.
 * Nothing here imports the app's config: the start-up carries only what it needs.
 */
export const LOCALE_KEY = 'livev3:locale';

export function launchParams(href: string): URLSearchParams {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?') + 1) : '';
  new URLSearchParams(hashQuery).forEach((value, key) => params.set(key, value));
  return params;
}

/** The hash route's path (`#/pages/home/index?token=x` -> `/pages/home/index`). */
export function hashPath(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

/**
 * The language a link asks for: `locale` (what the app's own links carry), else `lang` (what people type: `?lang=en`,
 * `lang=zh`), either as the app's locale names or as a plain language code.
 */
export function requestedLocale(params: URLSearchParams, locales: readonly string[]): string | null {
  const asked = params.get('locale') ?? params.get('lang');
  if (asked === null || locales.includes(asked)) return asked;
  if (/^en\b/i.test(asked)) return 'en';
  if (/^zh\b/i.test(asked)) return 'zh-CN';
  return asked;
}

/** The locale to start in: the link's, else the one stored, else the default. */
export function launchLocale<L extends string>(
  params: URLSearchParams,
  stored: string | null,
  locales: readonly L[],
  fallback: L,
): L {
  const isLocale = (value: string | null): value is L =>
    value !== null && (locales as readonly string[]).includes(value);
  const requested = requestedLocale(params, locales);
  if (isLocale(requested)) return requested;
  return isLocale(stored) ? stored : fallback;
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
}
