/**
 * Login check at launch (spec section 4). Runs on every route whose config says login "required".
 * In WeChat's browser a viewer without a stored token for this video token is sent to the WeChat login with the
 * callback, the video token and auth_token=none; the returning auth_token is stored under the video token and removed
 * from the address bar at once (tokens never stay in URLs). Outside WeChat the H5 login-state flag is set.
 */
import { appConfig, type RouteConfig } from '../engine/config';
import { getStoredToken, storeToken } from '../lib/auth';
import { isWeChat } from '../lib/wechat/user-agent';

export type LoginCheckEnv = {
  href: string;
  userAgent: string;
  videoToken: string;
  redirect(url: string): void;
  replaceUrl(url: string): void;
  setH5Login(value: boolean): void;
};

export type LoginCheckResult = 'skipped' | 'logged-in' | 'stored' | 'redirected' | 'h5';

export function stripAuthToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('auth_token');
  const [hashPath, hashQuery] = url.hash.split('?');
  if (hashQuery !== undefined) {
    const params = new URLSearchParams(hashQuery);
    params.delete('auth_token');
    const rest = params.toString();
    url.hash = rest ? `${hashPath}?${rest}` : hashPath;
  }
  return url.toString();
}

function returnedAuthToken(href: string): string {
  const url = new URL(href);
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?') + 1) : '';
  const token = new URLSearchParams(hashQuery).get('auth_token') ?? url.searchParams.get('auth_token') ?? '';
  return token === 'none' ? '' : token;
}

export function wechatLoginUrl(callback: string, videoToken: string, origin: string): string {
  const { apiOrigin, wechatLoginPath } = appConfig.constants;
  const url = new URL(`${apiOrigin}${wechatLoginPath}`, origin);
  url.searchParams.set('callback', callback);
  url.searchParams.set('token', videoToken);
  url.searchParams.set('auth_token', 'none');
  return url.toString();
}

export function runLoginCheck(route: Pick<RouteConfig, 'login'>, env: LoginCheckEnv): LoginCheckResult {
  if (route.login === 'none') return 'skipped';
  if (!isWeChat(env.userAgent)) {
    env.setH5Login(true);
    return 'h5';
  }
  const returned = returnedAuthToken(env.href);
  if (returned) {
    storeToken(env.videoToken, returned);
    env.replaceUrl(stripAuthToken(env.href));
    return 'stored';
  }
  if (getStoredToken(env.videoToken)) return 'logged-in';
  env.redirect(wechatLoginUrl(stripAuthToken(env.href), env.videoToken, new URL(env.href).origin));
  return 'redirected';
}
