/**
 * Item 10: no security headers on the app or the API. Now helmet sets a strict CSP (script hashes, never
 * 'unsafe-inline' scripts), nosniff, a referrer policy, frame-ancestors, and cookie flags.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAUTH_CALLBACK_PATH } from '../accounts/wechat-login.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hardenCookie, inlineScriptHashes } from './headers.ts';
import { newViewer, testServer, type App } from './test-helpers.ts';

const INLINE = "document.documentElement.dataset.theme = 'red';";
let app: App;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-csp-'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/livev3/assets/a.js"></script></head><body></body></html>`,
  );
  app = await testServer({ distDir });
}, 60_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy'] ?? '');
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  it('serve the app with a CSP that allows its inline script by hash and no inline script else', async () => {
    const response = await app.inject({ url: '/livev3/' });
    expect(response.statusCode).toBe(200);
    const csp = cspOf(response.headers);
    const hash = crypto.createHash('sha256').update(INLINE).digest('base64');
    const scripts = directive(csp, 'script-src');
    expect(scripts).toContain(`'sha256-${hash}'`);
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain('unsafe-inline');
    expect(scripts).not.toContain('unsafe-eval');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    // hls.js: blob: media and its worker; socket.io: websockets.
    expect(directive(csp, 'media-src')).toContain('blob:');
    expect(directive(csp, 'worker-src')).toContain('blob:');
    expect(directive(csp, 'connect-src')).toContain('ws:');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('put the page headers on streams and the data headers on API answers and errors', async () => {
    const stream = await app.inject({ url: '/streams/vod/demo/master.m3u8' });
    expect(cspOf(stream.headers)).toContain("default-src 'self'");
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    for (const url of ['/v3/api/video/detail?token=demo', '/v3/api/no/such']) {
      const response = await app.inject({ url });
      // Data: it loads nothing and nothing frames it.
      expect(cspOf(response.headers), url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-site');
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('give a page served under the API (the WeChat login error page) the page headers', async () => {
    const response = await app.inject({ url: `${OAUTH_CALLBACK_PATH}?code=x&state=forged` });
    expect(response.headers['content-type']).toContain('text/html');
    expect(cspOf(response.headers)).toContain("default-src 'self'");
    expect(directive(cspOf(response.headers), 'style-src')).toContain("'unsafe-inline'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('let a server-made page run exactly its own inline scripts', async () => {
    // The emulator's H5 pay page of a real order: its buttons are an inline script.
    const { token } = await newViewer(app, 'payer');
    const pay = await app.inject({
      method: 'POST',
      url: '/v3/api/wechat/video/pay',
      headers: { authorization: `Bearer ${token}` },
      payload: { token: 'paid', t_type: 'wap', idempotency_key: 'csp-h5-page' },
    });
    const { pathname, search } = new URL(pay.json().data.mweb_url);
    const page = await app.inject({ url: pathname + search });
    expect(page.body).toContain('Confirm payment');
    const csp = cspOf(page.headers);
    const scripts = directive(csp, 'script-src');
    expect(scripts).not.toContain('unsafe-inline');
    for (const hash of inlineScriptHashes(page.body)) expect(scripts).toContain(hash);
  });

  it('compute hashes of inline scripts only', () => {
    expect(
      inlineScriptHashes('<script src="a.js"></script><script>x()</script><script>x()</script>'),
    ).toEqual([`'sha256-${crypto.createHash('sha256').update('x()').digest('base64')}'`]);
  });

  it('add HttpOnly, SameSite and (on https) Secure to cookies that lack them', () => {
    expect(hardenCookie('sid=1; Path=/', true)).toBe('sid=1; Path=/; HttpOnly; SameSite=Lax; Secure');
    expect(hardenCookie('sid=1; HttpOnly; SameSite=Strict', false)).toBe('sid=1; HttpOnly; SameSite=Strict');
    // The app reads auth_token_2 itself (the WeChat browser's fallback).
    expect(hardenCookie('auth_token_2=t', false)).toBe('auth_token_2=t; SameSite=Lax');
  });
});
