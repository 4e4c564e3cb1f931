import { describe, expect, it } from 'vitest';
import { returnedToken, wechatSignInUrl } from './wechat-return.ts';

describe("WeChat's QR sign-in in the console", () => {
  it('starts at the server entry with qr=1 and the console as the way back', () => {
    const url = new URL(wechatSignInUrl('https://live.example.com'), 'https://live.example.com');
    expect(url.pathname).toBe('/v3/api/user/login/wx');
    expect(url.searchParams.get('qr')).toBe('1');
    expect(url.searchParams.get('callback')).toBe('https://live.example.com/livev3/console/');
  });

  it('reads the token the sign-in put in the hash, and nothing else', () => {
    expect(returnedToken('#/?auth_token=abc123')).toBe('abc123');
    expect(returnedToken('#/events?x=1&auth_token=t%2B1')).toBe('t+1');
    expect(returnedToken('#/?token=demo')).toBe('');
    expect(returnedToken('')).toBe('');
  });
});
