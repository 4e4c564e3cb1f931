/**
 * Session tokens. A token is stored per video token (the app serves many events from one origin); WeChat's browser
 * cookie auth_token_2 is the fallback (spec section 6).
 */
const PREFIX = 'livev3:auth:';
export const AUTH_COOKIE = 'auth_token_2';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readCookie(
  name: string,
  cookieString = typeof document === 'undefined' ? '' : document.cookie,
) {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return '';
}

export function getStoredToken(videoToken: string): string {
  return storage()?.getItem(PREFIX + videoToken) ?? '';
}

export function getAuthToken(videoToken: string): string {
  return getStoredToken(videoToken) || readCookie(AUTH_COOKIE);
}

export function storeToken(videoToken: string, token: string): void {
  storage()?.setItem(PREFIX + videoToken, token);
}

/** Login expired: forget every stored token and the cookies that carry one. */
export function clearTokens(): void {
  const store = storage();
  if (store) {
    for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
  }
  if (typeof document !== 'undefined') {
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
    }
  }
}
