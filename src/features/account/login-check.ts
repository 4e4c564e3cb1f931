/**
 * Login, loaded only when a login is needed.
 *
 * - At launch, on every route whose config says login "required": in WeChat's browser a viewer without a stored
 *   token for this video token is sent to the WeChat login with the callback, the video token and auth_token=none.
 *   (The returning auth_token is stored and removed from the address by lib/login-return.ts before anything else runs.)
 *   Outside WeChat the H5 login-state flag is set.
 * - When an action needs a login (a `{ login: true }` call without a token, on any route): the page, its scroll
 *   position and the call are remembered in sessionStorage; WeChat's login opens inside WeChat, the login page
 *   elsewhere; back on the same page, logged in, the scroll position comes back and the call runs once.
 */
import { addMessages, i18n } from '../../lib/i18n';
import { appConfig, type RouteConfig } from '../../engine/config';
import { getAuthToken, getStoredToken } from '../../lib/auth';
import { request, type PendingCall } from '../../lib/api-client';
import { buildPath } from '../../lib/navigation';
import { isWeChat } from '../../lib/wechat/user-agent';
import { toast } from '../../ui/toast/toast';
import { showDialog } from '../../ui/dialog/dialog';
import zhCN from './locales/login-flow.zh-CN.json';
import en from './locales/login-flow.en.json';
import {
  captureReturnedLogin,
  LOGIN_RESUMED_EVENT,
  PENDING_LOGIN_KEY,
  stripAuthToken,
  type LoginResumedDetail,
} from '../../lib/login-return';
import { loadVideoDetail } from '../video/api';
import { loginPage, userCentrePage } from './routes';
import { now } from '../../lib/clock';

addMessages('login', { 'zh-CN': zhCN, en });

export { stripAuthToken };

/** Reasons the login entry names (`login_error`), each with its own message; any other gets the general one. */
const LOGIN_ERRORS = ['callback'] as const;

/** Says why a WeChat login came back without a session (the login entry's `login_error`), in the viewer's language. */
export function showLoginError(code: string): Promise<boolean> {
  const known = (LOGIN_ERRORS as readonly string[]).includes(code);
  return showDialog({
    title: i18n.t('login.errorTitle'),
    message: known ? i18n.t('login.error.callback') : i18n.t('login.error.failed'),
    showCancel: false,
  });
}

/** A remembered action older than this is dropped: the viewer has moved on. */
const PENDING_LIFETIME_MS = 30 * 60 * 1000;

export type LoginCheckEnv = {
  href: string;
  userAgent: string;
  videoToken: string;
  redirect(url: string): void;
  replaceUrl(url: string): void;
  setH5Login(value: boolean): void;
};

export type LoginCheckResult = 'skipped' | 'logged-in' | 'stored' | 'redirected' | 'h5';

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
  // Normally login-return.ts has done this already; kept for an address changed after start-up.
  if (captureReturnedLogin(env.href, env.replaceUrl) && getStoredToken(env.videoToken)) return 'stored';
  if (getStoredToken(env.videoToken)) return 'logged-in';
  env.redirect(wechatLoginUrl(stripAuthToken(env.href), env.videoToken, new URL(env.href).origin));
  return 'redirected';
}

/** What a login started by an action remembers. */
export type PendingLogin = { href: string; scrollY: number; call?: PendingCall; at: number };

export type LoginStartEnv = {
  href: string;
  userAgent: string;
  videoToken: string;
  locale: string;
  scrollY: number;
  now: number;
  /** Leaves the app for WeChat's login. */
  redirect(url: string): void;
  /** Opens an in-app hash route (the login page). */
  openRoute(path: string): void;
};

function session(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function readPendingLogin(): PendingLogin | null {
  try {
    const raw = session()?.getItem(PENDING_LOGIN_KEY);
    return raw ? (JSON.parse(raw) as PendingLogin) : null;
  } catch {
    return null;
  }
}

function hashRoute(href: string): string {
  const hash = new URL(href).hash.replace(/^#/, '');
  return hash || '/';
}

/** The login page's address, carrying the event, the language and where to come back to. */
function loginPagePath(returnTo: string, videoToken: string, locale: string): string {
  const params = new URLSearchParams();
  if (videoToken) params.set('token', videoToken);
  params.set('locale', locale);
  params.set('redirect', returnTo);
  return `${loginPage()}?${params.toString()}`;
}

/**
 * Starts a login for an action. The first action of a burst is the one remembered (a second `{ login: true }` call
 * fired by the same tap must not replace it). On the login page itself nothing is remembered: it is the login.
 */
export function startLogin(
  call: PendingCall | undefined,
  env: LoginStartEnv,
): 'wechat' | 'login-page' | 'here' {
  const href = stripAuthToken(env.href);
  const route = hashRoute(href);
  if (route.split('?')[0] === loginPage()) return 'here';
  const existing = readPendingLogin();
  if (!existing || env.now - existing.at > 2000 || existing.href !== href) {
    const pending: PendingLogin = { href, scrollY: Math.round(env.scrollY), call, at: env.now };
    session()?.setItem(PENDING_LOGIN_KEY, JSON.stringify(pending));
  }
  if (isWeChat(env.userAgent)) {
    env.redirect(wechatLoginUrl(href, env.videoToken, new URL(href).origin));
    return 'wechat';
  }
  toast(i18n.t('login.required'));
  env.openRoute(loginPagePath(route, env.videoToken, env.locale));
  return 'login-page';
}

/** A PayOrder answer: the replayed call created an order, which the payment flow now pays. */
function isPayOrder(data: unknown): data is { order_sn: string; t_type: 'h5' | 'wap' } {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { order_sn?: unknown }).order_sn === 'string' &&
    typeof (data as { t_type?: unknown }).t_type === 'string'
  );
}

export type ResumeEnv = {
  href: string;
  videoToken: string;
  now: number;
  scrollTo(y: number): void;
  /** Height the page can scroll to now (it grows while lazily loaded blocks arrive). */
  maxScrollY(): number;
  waitFrame(): Promise<void>;
};

export { LOGIN_RESUMED_EVENT, type LoginResumedDetail };

async function restoreScroll(y: number, env: ResumeEnv): Promise<void> {
  if (y <= 0) return;
  // The page loads lazily: wait (up to ~3 s of frames) until it is tall enough to scroll back.
  for (let frame = 0; frame < 180 && env.maxScrollY() < y; frame += 1) await env.waitFrame();
  env.scrollTo(y);
}

/**
 * Back from a login started by an action: on the same page and logged in, the scroll position comes back and the
 * remembered call runs once (removed before it runs, so a reload never runs it twice). Answers what it did.
 */
export async function resumeAfterLogin(env: ResumeEnv): Promise<'none' | 'waiting' | 'dropped' | 'resumed'> {
  const pending = readPendingLogin();
  if (!pending) return 'none';
  if (env.now - pending.at > PENDING_LIFETIME_MS) {
    session()?.removeItem(PENDING_LOGIN_KEY);
    return 'dropped';
  }
  if (stripAuthToken(env.href) !== pending.href || !getAuthToken(env.videoToken)) return 'waiting';
  session()?.removeItem(PENDING_LOGIN_KEY);
  await restoreScroll(pending.scrollY, env);
  const { call } = pending;
  if (!call) return 'resumed';
  try {
    // The caller that asked for quiet failures is gone: a replay always says why it failed.
    const { data } = await request(call.method, call.path, call.payload, {
      ...call.options,
      noErrorToast: false,
    });
    if (isPayOrder(data)) {
      const { payFor, loginPaymentKey } = await import('../payment/pay');
      await payFor({ key: loginPaymentKey(call.path), createOrder: async () => data });
    } else {
      toast(i18n.t('login.resumed'));
    }
    // What the viewer may see can have changed (a purchase, a password, a form): the event's detail is read again.
    await loadVideoDetail({ quiet: true });
    window.dispatchEvent(
      new CustomEvent<LoginResumedDetail>(LOGIN_RESUMED_EVENT, { detail: { path: call.path, data } }),
    );
  } catch {
    // The API helper has shown why (unless the caller asked for quiet failures, which a replay keeps).
  }
  return 'resumed';
}

/** The browser's side of ResumeEnv. */
export function browserResumeEnv(videoToken: string): ResumeEnv {
  return {
    href: window.location.href,
    videoToken,
    now: now(),
    scrollTo: (y) => window.scrollTo(0, y),
    maxScrollY: () => document.documentElement.scrollHeight - window.innerHeight,
    waitFrame: () => new Promise((resolve) => requestAnimationFrame(() => resolve())),
  };
}

/**
 * The login page, once logged in: back to the page the viewer came from (the remembered one, else `redirect`, else
 * the user centre), then the remembered action runs.
 */
export function returnAfterLogin(redirect: string | null, videoToken: string): void {
  const pending = readPendingLogin();
  if (pending) {
    window.location.replace(pending.href);
    void resumeAfterLogin(browserResumeEnv(videoToken));
    return;
  }
  const target =
    redirect && redirect.startsWith('/') && !redirect.startsWith('//')
      ? redirect
      : buildPath(userCentrePage());
  const url = new URL(window.location.href);
  url.hash = target;
  window.location.replace(url.toString());
}
