/**
 * The first thing the app runs (imported first by main.tsx): a login that comes back from WeChat carries its
 * session token in the address (`auth_token`). It is stored under the video token and removed from the address
 * before any other module, request, share payload or JS-SDK signature can read or share the URL. Kept tiny and free
 * of imports beyond the token store: it ships in the first load.
 */
import { storeToken } from './auth';

const AUTH_PARAM = 'auth_token';
/** Why a WeChat login came back without a session (the server's login entry refused it, e.g. `callback`). */
const LOGIN_ERROR_PARAM = 'login_error';
let loginError = '';
/**
 * A login started by an action (sessionStorage, see features/account/login-check.ts): where to return and what to
 * run again.
 */
export const PENDING_LOGIN_KEY = 'livev3:login-pending';

/**
 * The window event fired once a call remembered by a login ran again (features/account/login-check.ts), so a feature
 * can refresh what the replayed call, and the viewer now known, changed.
 */
export const LOGIN_RESUMED_EVENT = 'livev3:login-resumed';
export type LoginResumedDetail = { path: string; data: unknown };

function hashParts(hash: string): [string, URLSearchParams | undefined] {
  const at = hash.indexOf('?');
  return at < 0 ? [hash, undefined] : [hash.slice(0, at), new URLSearchParams(hash.slice(at + 1))];
}

/** A parameter of the address, after the hash first, then before it; null when neither has it. */
function readParam(url: URL, name: string): string | null {
  return hashParts(url.hash)[1]?.get(name) ?? url.searchParams.get(name);
}

/** The address without the parameter `name` (before or after the hash). */
function withoutParam(href: string, name: string): string {
  const url = new URL(href);
  url.searchParams.delete(name);
  const [hashPath, hashQuery] = hashParts(url.hash);
  if (hashQuery) {
    hashQuery.delete(name);
    const rest = hashQuery.toString();
    url.hash = rest ? `${hashPath}?${rest}` : hashPath;
  }
  return url.toString();
}

/** The address without auth_token (before or after the hash). */
export const stripAuthToken = (href: string): string => withoutParam(href, AUTH_PARAM);

/**
 * Stores a returned token (WeChat's `auth_token=none` means the viewer declined) and cleans the address. Answers
 * whether the address carried auth_token at all.
 */
export function captureReturnedLogin(href: string, replaceUrl: (url: string) => void): boolean {
  const url = new URL(href);
  const token = readParam(url, AUTH_PARAM);
  if (token === null) return false;
  if (token && token !== 'none') storeToken(readParam(url, 'token') ?? '', token);
  replaceUrl(stripAuthToken(href));
  return true;
}

/**
 * Takes `login_error` out of the address (kept for `takeLoginError`): the login entry sends the viewer back with it
 * when it refused the login, and the app says why. Answers whether the address carried it.
 */
export function captureLoginError(href: string, replaceUrl: (url: string) => void): boolean {
  const code = readParam(new URL(href), LOGIN_ERROR_PARAM);
  if (code === null) return false;
  loginError = code.slice(0, 32) || 'failed';
  replaceUrl(withoutParam(href, LOGIN_ERROR_PARAM));
  return true;
}

/** The login error the address carried at start-up, once ('' when none). */
export function takeLoginError(): string {
  const code = loginError;
  loginError = '';
  return code;
}

export function hasPendingLogin(): boolean {
  try {
    return sessionStorage.getItem(PENDING_LOGIN_KEY) !== null;
  } catch {
    return false;
  }
}

if (typeof window !== 'undefined') {
  const replaceUrl = (url: string) => window.history.replaceState(window.history.state, '', url);
  captureReturnedLogin(window.location.href, replaceUrl);
  captureLoginError(window.location.href, replaceUrl);
}
