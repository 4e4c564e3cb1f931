/**
 * Session tokens. The browser keeps one login for the whole app (`livev3:auth`): a viewer who logs in on one event is
 * logged in on every event of this origin, and a later login replaces it everywhere at once. A per-event key
 * (`livev3:auth:<video token>`) is written too and read as a fallback; WeChat's browser cookie auth_token_2 is the
 * last fallback.
 */
const KEY = 'livev3:auth';
const PREFIX = `${KEY}:`;
const AUTH_COOKIE = 'auth_token_2';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readCookie(name: string, cookieString = typeof document === 'undefined' ? '' : document.cookie) {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return '';
}

export function getStoredToken(videoToken: string): string {
  const store = storage();
  return store?.getItem(KEY) || store?.getItem(PREFIX + videoToken) || '';
}

export function getAuthToken(videoToken: string): string {
  return getStoredToken(videoToken) || readCookie(AUTH_COOKIE);
}

export function storeToken(videoToken: string, token: string): void {
  const store = storage();
  store?.setItem(KEY, token);
  if (videoToken) store?.setItem(PREFIX + videoToken, token);
}

/** Login expired: forget every stored token and the cookies that carry one. */
export function clearTokens(): void {
  const store = storage();
  if (store) {
    for (const key of Object.keys(store)) if (key === KEY || key.startsWith(PREFIX)) store.removeItem(key);
  }
  if (typeof document !== 'undefined') {
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
    }
  }
}
