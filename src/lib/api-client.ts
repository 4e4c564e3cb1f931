/**
 * The one API helper. Every call carries the Authorization header, the locale and the
 * inviteId; the envelope {xcode, msg, data} is checked here so callers only ever see `data` or an ApiError.
 * Side effects (toast, loading indicator, login re-check) are injected by the app so this module stays testable.
 */
import { apiUrl } from './api-url';
import { appConfig } from '../engine/config';
import { clearTokens, getAuthToken } from './auth';
import { takeEarlyResponse } from './early';
import { launchStore } from './launch';
import { now } from './clock';

export type Envelope<T = unknown> = { xcode?: number; code?: number; msg?: string; data: T };

export type RequestOptions = {
  /** No loading indicator for this call. */
  quiet?: boolean;
  /** Do not toast the failure; the caller shows its own message. */
  noErrorToast?: boolean;
  /** Send the body as application/x-www-form-urlencoded. */
  form?: boolean;
  /** The call needs a logged-in viewer: without a token the login check runs instead of the request. */
  login?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Let the request outlive the page (saving watch progress on page hide). */
  keepalive?: boolean;
};

/** A call that needed a login the viewer did not have: sent again, once, when the viewer comes back logged in. */
export type PendingCall = {
  method: 'GET' | 'POST';
  path: string;
  payload?: Record<string, unknown>;
  options: Pick<RequestOptions, 'quiet' | 'noErrorToast' | 'form'>;
};

export type ApiErrorKind = 'server' | 'silent' | 'login-expired' | 'login-required' | 'network' | 'timeout';

export class ApiError extends Error {
  // Declared, then assigned: class fields (or parameter properties) would pull the bundler's defineProperty helpers
  // into the first load.
  declare readonly kind: ApiErrorKind;
  declare readonly xcode?: number;
  declare readonly data?: unknown;

  constructor(message: string, kind: ApiErrorKind, xcode?: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.xcode = xcode;
    this.data = data;
  }
}

export type ApiEffects = {
  toast(message: string): void;
  showLoading(): void;
  hideLoading(): void;
  /**
   * A login is needed. With `call` (a `{ login: true }` call without a token, or whose token expired) the viewer is
   * taken to the login (WeChat's inside WeChat, the login page elsewhere) and comes back to the same page, where the
   * call runs once. Without it (a plain call whose token expired) the route's login check runs again.
   */
  onLoginRequired(call?: PendingCall): void;
  /** Translates a message key of the client's own (login expired, network failure). */
  t(key: string): string;
};

const SUCCESS_XCODES = new Set([200, 201, 202]);
const LOGIN_EXPIRED_XCODES = new Set([100004, 100005]);

let effects: ApiEffects = {
  toast: () => {},
  showLoading: () => {},
  hideLoading: () => {},
  onLoginRequired: () => {},
  t: (key) => key,
};
let pending = 0;

/** The last failed calls (for the diagnostics page): newest last, at most RECENT_ERRORS. */
export type RecentApiError = { at: number; path: string; xcode?: number; message: string };
const RECENT_ERRORS = 10;
const recentErrors: RecentApiError[] = [];
export const recentApiErrors = (): readonly RecentApiError[] => recentErrors;
function noteError(path: string, error: ApiError): ApiError {
  if (error.kind !== 'silent' && error.kind !== 'login-required') {
    recentErrors.push({ at: now(), path, xcode: error.xcode, message: error.message });
    if (recentErrors.length > RECENT_ERRORS) recentErrors.shift();
  }
  return error;
}

export function configureApiClient(next: Partial<ApiEffects>): void {
  effects = { ...effects, ...next };
}

export function pendingRequests(): number {
  return pending;
}

function begin(quiet: boolean | undefined) {
  if (quiet) return;
  pending += 1;
  if (pending === 1) effects.showLoading();
}

function end(quiet: boolean | undefined) {
  if (quiet) return;
  pending -= 1;
  if (pending === 0) effects.hideLoading();
}

function isSuccess(envelope: Envelope): boolean {
  return SUCCESS_XCODES.has(envelope.xcode ?? -1) || envelope.code === 200;
}

type Payload = Record<string, unknown> | undefined;

function toSearch(payload: Payload): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params;
}

function buildUrl(path: string, query: URLSearchParams): string {
  return apiUrl(appConfig.constants.apiOrigin, path, query, launchStore.get());
}

/** Sends one call and unwraps the envelope. Resolves with the whole envelope (callers that need msg or code). */
export async function request<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  payload?: Payload,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  try {
    return await send<T>(method, path, payload, options);
  } catch (error) {
    throw error instanceof ApiError ? noteError(path, error) : error;
  }
}

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  payload?: Payload,
  options: RequestOptions = {},
  retried = false,
): Promise<Envelope<T>> {
  const { videoToken } = launchStore.get();
  const token = getAuthToken(videoToken);
  const pendingCall = (): PendingCall => ({
    method,
    path,
    payload,
    options: { quiet: options.quiet, noErrorToast: options.noErrorToast, form: options.form },
  });
  if (options.login && !token) {
    effects.onLoginRequired(pendingCall());
    throw new ApiError('login required', 'login-required');
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  const query = method === 'GET' ? toSearch(payload) : new URLSearchParams();
  if (method === 'POST') {
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = toSearch(payload).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(payload ?? {});
    }
  }

  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? appConfig.constants.requestTimeoutMs;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });

  begin(options.quiet);
  try {
    let response: Response;
    try {
      const url = buildUrl(path, query);
      // The event detail may already be on its way: index.html's inline script asked for it at once.
      response =
        (await takeEarlyResponse(method, url, headers.Authorization)) ??
        (await fetch(url, {
          method,
          headers,
          body,
          signal: controller.signal,
          credentials: 'include',
          keepalive: options.keepalive,
        }));
    } catch (error) {
      if (options.signal?.aborted) throw new ApiError('aborted', 'silent');
      const message = timedOut ? effects.t('api.timeout') : effects.t('api.networkError');
      if (!options.noErrorToast) effects.toast(message);
      throw new ApiError(message, timedOut ? 'timeout' : 'network', undefined, error);
    }

    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      const message = effects.t('api.badResponse');
      if (!options.noErrorToast) effects.toast(message);
      throw new ApiError(message, 'network', response.status);
    }

    if (isSuccess(envelope)) return envelope;
    if (envelope.xcode === 404) throw new ApiError(envelope.msg ?? '', 'silent', 404, envelope.data);
    if (LOGIN_EXPIRED_XCODES.has(envelope.xcode ?? -1)) {
      if (retried)
        throw new ApiError('登录已过期，请刷新重试', 'login-expired', envelope.xcode, envelope.data);
      // Only the token this call used is stale: a login that finished while the call was travelling stays.
      if (getAuthToken(videoToken) === token) clearTokens();
      effects.onLoginRequired(options.login ? pendingCall() : undefined);
      // The spec shows this message in Chinese whatever the locale.
      effects.toast('登录已过期，请刷新重试');
      // A call that needs no login is answered all the same, as to a viewer without one (or with the login that
      // replaced the stale one): an expired login never makes the event itself look missing.
      if (!options.login && !retried && getAuthToken(videoToken) !== token)
        return await send<T>(method, path, payload, { ...options, noErrorToast: true }, true);
      throw new ApiError('登录已过期，请刷新重试', 'login-expired', envelope.xcode, envelope.data);
    }
    const message = envelope.msg || effects.t('api.unknownError');
    if (!options.noErrorToast) effects.toast(message);
    throw new ApiError(message, 'server', envelope.xcode ?? envelope.code, envelope.data);
  } finally {
    clearTimeout(timer);
    end(options.quiet);
  }
}

export async function apiGet<T = unknown>(
  path: string,
  query?: Payload,
  options?: RequestOptions,
): Promise<T> {
  return (await request<T>('GET', path, query, options)).data;
}

export async function apiPost<T = unknown>(
  path: string,
  body?: Payload,
  options?: RequestOptions,
): Promise<T> {
  return (await request<T>('POST', path, body, options)).data;
}
