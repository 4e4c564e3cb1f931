// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredToken, storeToken } from '../lib/auth';
import { runLoginCheck, stripAuthToken } from './login-check';

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
