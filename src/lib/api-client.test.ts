// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, configureApiClient, pendingRequests, request } from './api-client';
import { getAuthToken, storeToken } from './auth';
import { launchStore } from './launch';

type Call = { url: URL; init: RequestInit };
let calls: Call[];
const effects = {
  toast: vi.fn(),
  showLoading: vi.fn(),
  hideLoading: vi.fn(),
  onLoginRequired: vi.fn(),
  t: (key: string) => `t:${key}`,
};

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url: new URL(url, 'http://localhost'), init });
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  document.cookie = 'auth_token_2=; Max-Age=0; path=/';
  Object.values(effects).forEach((fn) => typeof fn === 'function' && 'mockClear' in fn && fn.mockClear());
  configureApiClient(effects);
  launchStore.update((draft) => {
    draft.videoToken = 'demo';
    draft.locale = 'en';
    draft.inviteId = '';
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it.each([200, 201, 202])('resolves data on xcode %i', async (xcode) => {
    answer({ xcode, msg: 'ok', data: { a: 1 } });
    await expect(apiGet('/v3/api/video/detail', { token: 'demo' })).resolves.toEqual({ a: 1 });
  });

  it('resolves on code 200 without xcode', async () => {
    answer({ code: 200, msg: 'ok', data: 5 });
    await expect(apiGet('/x')).resolves.toBe(5);
  });

  it('sends the stored token, the locale and the inviteId', async () => {
    storeToken('demo', 'tok');
    launchStore.update((draft) => {
      draft.inviteId = '42';
    });
    answer({ xcode: 200, msg: '', data: null });
    await apiGet('/v3/api/video/detail', { token: 'demo' });
    const [{ url, init }] = calls;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(url.searchParams.get('locale')).toBe('en');
    expect(url.searchParams.get('inviteId')).toBe('42');
    expect(url.searchParams.get('token')).toBe('demo');
  });

  it('falls back to the auth_token_2 cookie', async () => {
    document.cookie = 'auth_token_2=cookie-token; path=/';
    answer({ xcode: 200, msg: '', data: null });
    await apiGet('/x');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer cookie-token');
  });

  it('form-encodes when asked, JSON otherwise', async () => {
    answer({ xcode: 200, msg: '', data: null });
    await apiPost('/x', { name: 'a b', n: 2 }, { form: true });
    await apiPost('/x', { name: 'a' });
    expect(calls[0].init.body).toBe('name=a+b&n=2');
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(calls[1].init.body).toBe('{"name":"a"}');
  });

  it('rejects xcode 404 silently', async () => {
    answer({ xcode: 404, msg: 'nothing', data: null });
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'silent' });
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it.each([100004, 100005])(
    'on xcode %i clears tokens and cookies, reruns the login check and toasts in Chinese',
    async (xcode) => {
      storeToken('demo', 'tok');
      document.cookie = 'auth_token_2=c; path=/';
      answer({ xcode, msg: 'expired', data: null });
      await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'login-expired' });
      expect(localStorage.getItem('livev3:auth:demo')).toBeNull();
      expect(document.cookie).not.toContain('auth_token_2=c');
      expect(effects.onLoginRequired).toHaveBeenCalledTimes(1);
      expect(effects.toast).toHaveBeenCalledWith('登录已过期，请刷新重试');
    },
  );

  it('answers a call that needs no login as to an anonymous viewer once the stored login expired', async () => {
    storeToken('demo', 'stale');
    const sent: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('Authorization');
        sent.push(auth);
        return new Response(
          JSON.stringify(
            auth ? { xcode: 100005, msg: 'replaced', data: null } : { xcode: 200, msg: 'ok', data: 'anon' },
          ),
        );
      }),
    );
    await expect(apiGet('/v3/api/video/detail')).resolves.toBe('anon');
    expect(sent).toEqual(['Bearer stale', null]);
    expect(localStorage.getItem('livev3:auth')).toBeNull();
    expect(effects.onLoginRequired).toHaveBeenCalledTimes(1);
    // A call that needs the login is not sent again without it.
    storeToken('demo', 'stale');
    await expect(apiGet('/v3/api/user/info', undefined, { login: true })).rejects.toMatchObject({
      kind: 'login-expired',
    });
  });

  it('keeps one login for every event of the browser, reading the per-event key as a fallback', () => {
    storeToken('demo', 'one');
    expect(getAuthToken('paid')).toBe('one');
    storeToken('paid', 'two');
    expect(getAuthToken('demo')).toBe('two');
    localStorage.clear();
    localStorage.setItem('livev3:auth:vod', 'legacy');
    expect(getAuthToken('vod')).toBe('legacy');
    expect(getAuthToken('demo')).toBe('');
  });

  it('toasts the server msg on any other failure and rejects', async () => {
    answer({ xcode: 400, msg: 'bad things', data: null });
    await expect(apiGet('/x')).rejects.toBeInstanceOf(ApiError);
    expect(effects.toast).toHaveBeenCalledWith('bad things');
  });

  it('does not toast when asked not to', async () => {
    answer({ xcode: 400, msg: 'bad things', data: null });
    await expect(apiGet('/x', {}, { noErrorToast: true })).rejects.toMatchObject({
      kind: 'server',
      xcode: 400,
    });
    expect(effects.toast).not.toHaveBeenCalled();
  });

  it('toasts a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(effects.toast).toHaveBeenCalledWith('t:api.networkError');
  });

  it('times out after the configured time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    await expect(apiGet('/x', {}, { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('shows one loading indicator for overlapping calls and none for quiet ones', async () => {
    answer({ xcode: 200, msg: '', data: null });
    await Promise.all([apiGet('/a'), apiGet('/b'), apiGet('/c', {}, { quiet: true })]);
    expect(effects.showLoading).toHaveBeenCalledTimes(1);
    expect(effects.hideLoading).toHaveBeenCalledTimes(1);
    expect(pendingRequests()).toBe(0);
  });

  it('runs the login check instead of sending a login-required call without a token', async () => {
    answer({ xcode: 200, msg: '', data: null });
    await expect(request('POST', '/v3/api/user/info', {}, { login: true })).rejects.toMatchObject({
      kind: 'login-required',
    });
    expect(calls).toHaveLength(0);
    expect(effects.onLoginRequired).toHaveBeenCalled();
  });

  it('hands the login-required call to the login flow, so it can run once after login', async () => {
    await expect(
      request('POST', '/v3/api/vote/user/vote', { vote_id: 2 }, { login: true, noErrorToast: true }),
    ).rejects.toMatchObject({ kind: 'login-required' });
    expect(effects.onLoginRequired).toHaveBeenCalledWith({
      method: 'POST',
      path: '/v3/api/vote/user/vote',
      payload: { vote_id: 2 },
      options: { quiet: undefined, noErrorToast: true, form: undefined },
    });
  });

  it('keeps a token stored while an expired call was travelling (no lost login)', async () => {
    storeToken('demo', 'old');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        storeToken('demo', 'new'); // the WeChat login returned meanwhile
        return new Response(JSON.stringify({ xcode: 100005, msg: 'replaced', data: null }));
      }),
    );
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'login-expired' });
    expect(localStorage.getItem('livev3:auth:demo')).toBe('new');
  });
});
