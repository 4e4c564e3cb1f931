// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredToken, storeToken } from '../../lib/auth';
import {
  readPendingLogin,
  resumeAfterLogin,
  runLoginCheck,
  showLoginError,
  startLogin,
  stripAuthToken,
} from './login-check';
import { dialogStore, settleDialog } from '../../ui/dialog/dialog';
import { captureLoginError, captureReturnedLogin, takeLoginError } from '../../lib/login-return';
import { launchStore } from '../../lib/launch';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/8.0.47';
const PLAIN_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

function env(href: string, userAgent = WECHAT_UA) {
  return {
    href,
    userAgent,
    videoToken: 'demo',
    redirect: vi.fn(),
    replaceUrl: vi.fn(),
    setH5Login: vi.fn(),
  };
}

beforeEach(() => localStorage.clear());

describe('runLoginCheck', () => {
  it('skips routes that open without login', () => {
    const e = env('https://x.test/livev3/#/pages/home/index?token=demo');
    expect(runLoginCheck({ login: 'none' }, e)).toBe('skipped');
    expect(e.redirect).not.toHaveBeenCalled();
  });

  it('redirects to WeChat login with callback, video token and auth_token=none', () => {
    const e = env('https://x.test/livev3/#/pages/user/index?token=demo');
    expect(runLoginCheck({ login: 'required' }, e)).toBe('redirected');
    const target = new URL(e.redirect.mock.calls[0][0]);
    expect(target.searchParams.get('callback')).toBe('https://x.test/livev3/#/pages/user/index?token=demo');
    expect(target.searchParams.get('token')).toBe('demo');
    expect(target.searchParams.get('auth_token')).toBe('none');
  });

  it('stores a returning auth_token under the video token and strips it from the URL', () => {
    const e = env('https://x.test/livev3/#/pages/user/index?token=demo&auth_token=abc');
    expect(runLoginCheck({ login: 'required' }, e)).toBe('stored');
    expect(getStoredToken('demo')).toBe('abc');
    expect(e.replaceUrl).toHaveBeenCalledWith('https://x.test/livev3/#/pages/user/index?token=demo');
  });

  it('does nothing more when a token is stored', () => {
    storeToken('demo', 'abc');
    const e = env('https://x.test/livev3/#/pages/user/index?token=demo');
    expect(runLoginCheck({ login: 'required' }, e)).toBe('logged-in');
    expect(e.redirect).not.toHaveBeenCalled();
  });

  it('sets the H5 login flag outside WeChat', () => {
    const e = env('https://x.test/livev3/#/pages/user/index?token=demo', PLAIN_UA);
    expect(runLoginCheck({ login: 'required' }, e)).toBe('h5');
    expect(e.setH5Login).toHaveBeenCalledWith(true);
  });
});

describe('stripAuthToken', () => {
  it('removes auth_token before and after the hash', () => {
    expect(stripAuthToken('https://x.test/livev3/?auth_token=a#/p?auth_token=b&token=t')).toBe(
      'https://x.test/livev3/#/p?token=t',
    );
  });
});

describe('captureReturnedLogin (runs before anything else at start-up)', () => {
  it('stores the token under the video token and cleans the address, before or after the hash', () => {
    const replace = vi.fn();
    expect(
      captureReturnedLogin(
        'https://x.test/livev3/?auth_token=a#/pages/home/index?token=demo&auth_token=b',
        replace,
      ),
    ).toBe(true);
    expect(getStoredToken('demo')).toBe('b');
    expect(replace).toHaveBeenCalledWith('https://x.test/livev3/#/pages/home/index?token=demo');
  });

  it('stores nothing for auth_token=none but still cleans the address', () => {
    const replace = vi.fn();
    expect(captureReturnedLogin('https://x.test/livev3/#/p?token=demo&auth_token=none', replace)).toBe(true);
    expect(getStoredToken('demo')).toBe('');
    expect(replace).toHaveBeenCalledWith('https://x.test/livev3/#/p?token=demo');
  });

  it('leaves an address without auth_token alone', () => {
    const replace = vi.fn();
    expect(captureReturnedLogin('https://x.test/livev3/#/p?token=demo', replace)).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('a WeChat login the server refused (login_error)', () => {
  it('is taken out of the address once and kept for the app to say why', () => {
    const replace = vi.fn();
    expect(
      captureLoginError('https://x.test/livev3/#/pages/user/index?token=demo&login_error=callback', replace),
    ).toBe(true);
    expect(replace).toHaveBeenCalledWith('https://x.test/livev3/#/pages/user/index?token=demo');
    expect(takeLoginError()).toBe('callback');
    expect(takeLoginError()).toBe('');
    expect(captureLoginError('https://x.test/livev3/#/p?token=demo', replace)).toBe(false);
  });

  it('shows the reason in a notice with no cancel button; an unknown reason gets the general message', async () => {
    for (const [code, words] of [
      ['callback', /本站地址|this site's address/],
      ['whatever', /微信登录失败|WeChat login failed/],
    ] as const) {
      const shown = showLoginError(code);
      const [dialog] = dialogStore.get();
      expect(dialog?.message).toMatch(words);
      expect(dialog?.showCancel).toBe(false);
      settleDialog(dialog!.id, true);
      await shown;
    }
  });
});

describe('an action that needs a login', () => {
  const call = {
    method: 'POST' as const,
    path: '/v3/api/vote/user/vote',
    payload: { vote_id: 2, player_id: 7, idempotency_key: 'k1234567' },
    options: {},
  };
  const startEnv = (href: string, userAgent: string) => ({
    href,
    userAgent,
    videoToken: 'demo',
    locale: 'en',
    scrollY: 640,
    now: 1000,
    redirect: vi.fn(),
    openRoute: vi.fn(),
  });
  const resumeEnv = (href: string) => ({
    href,
    videoToken: 'demo',
    now: 5000,
    scrollTo: vi.fn(),
    maxScrollY: () => 2000,
    waitFrame: () => Promise.resolve(),
  });
  let fetches: string[];

  beforeEach(() => {
    sessionStorage.clear();
    fetches = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetches.push(url);
        return new Response(JSON.stringify({ xcode: 200, msg: '', data: { repeated: false } }));
      }),
    );
  });

  it('inside WeChat opens the WeChat login with this page as the callback', () => {
    const e = startEnv('https://x.test/livev3/#/pages/home/index?token=demo', WECHAT_UA);
    expect(startLogin(call, e)).toBe('wechat');
    const target = new URL(e.redirect.mock.calls[0][0]);
    expect(target.searchParams.get('callback')).toBe('https://x.test/livev3/#/pages/home/index?token=demo');
    expect(readPendingLogin()).toMatchObject({ scrollY: 640, call });
  });

  it('elsewhere opens the login page with the way back', () => {
    const e = startEnv('https://x.test/livev3/#/pages/home/index?token=demo', PLAIN_UA);
    expect(startLogin(call, e)).toBe('login-page');
    const path = e.openRoute.mock.calls[0][0] as string;
    expect(path.startsWith('/pages/login/index?')).toBe(true);
    expect(new URLSearchParams(path.split('?')[1]).get('redirect')).toBe('/pages/home/index?token=demo');
  });

  it('back on the page and logged in: scrolls back and runs the call exactly once', async () => {
    startLogin(call, startEnv('https://x.test/livev3/#/pages/home/index?token=demo', WECHAT_UA));
    storeToken('demo', 'fresh');
    const back = resumeEnv('https://x.test/livev3/#/pages/home/index?token=demo');
    expect(await resumeAfterLogin(back)).toBe('resumed');
    expect(back.scrollTo).toHaveBeenCalledWith(640);
    expect(fetches).toHaveLength(1);
    expect(fetches[0]).toContain('/v3/api/vote/user/vote');
    expect(await resumeAfterLogin(back)).toBe('none');
    expect(fetches).toHaveLength(1);
  });

  it('reads the event detail again after the replayed call (a purchase or a form may have opened the video)', async () => {
    launchStore.update((draft) => {
      draft.videoToken = 'demo';
    });
    try {
      startLogin(call, startEnv('https://x.test/livev3/#/pages/home/index?token=demo', WECHAT_UA));
      storeToken('demo', 'fresh');
      expect(await resumeAfterLogin(resumeEnv('https://x.test/livev3/#/pages/home/index?token=demo'))).toBe(
        'resumed',
      );
      expect(fetches[0]).toContain('/v3/api/vote/user/vote');
      expect(fetches[1]).toContain('/v3/api/video/detail');
    } finally {
      launchStore.update((draft) => {
        draft.videoToken = '';
      });
    }
  });

  it('waits while the viewer is still on another page or not logged in', async () => {
    startLogin(call, startEnv('https://x.test/livev3/#/pages/home/index?token=demo', PLAIN_UA));
    expect(await resumeAfterLogin(resumeEnv('https://x.test/livev3/#/pages/home/index?token=demo'))).toBe(
      'waiting',
    );
    storeToken('demo', 'fresh');
    expect(await resumeAfterLogin(resumeEnv('https://x.test/livev3/#/pages/login/index?token=demo'))).toBe(
      'waiting',
    );
    expect(fetches).toHaveLength(0);
  });
});
