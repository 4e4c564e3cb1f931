/**
 * Guards for addresses that come from a query string or the server: external links (web view, map links) must be
 * https on an allowed host, and in-app redirects must stay inside the hash router.
 */

import { appConfig } from '../engine/config';
import { findRoute } from '../engine/routes';

/** The host an allow-list entry names: 'Example.com.' and 'example.com' are the same host. */
function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** True for 'a.example.com' against 'example.com', false for 'badexample.com'. */
export function hostMatches(host: string, allowed: string): boolean {
  const h = normaliseHost(host);
  const a = normaliseHost(allowed);
  return a !== '' && (h === a || h.endsWith(`.${a}`));
}

/**
 * True only for an absolute https URL, without credentials, whose host is on the allow-list (or a subdomain of one).
 * Parsing with the URL parser, as the browser will, defeats the usual tricks: 'https://good.com@evil.com' has host
 * evil.com, '//evil.com' has no scheme, backslashes and control characters are normalised the same way.
 */
export function isAllowedExternalUrl(url: string, allowList: readonly string[]): boolean {
  if (typeof url !== 'string' || url.trim() === '') return false;
  // Browsers strip these before parsing; a raw one here means someone is trying to hide something.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return false;
  if (!/^https:\/\//i.test(url.trim())) return false;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.hostname === '') return false;
  return allowList.some((allowed) => hostMatches(parsed.hostname, allowed));
}

/**
 * An in-app hash route to go to after a page is done ('/pages/home/index?x=1', '/'), or null when the value could
 * leave the app (a scheme such as 'javascript:' or 'https:', a protocol-relative '//host', a backslash, control
 * characters) or names no route of config/app.json.
 */
export function safeRedirectPath(path: string | null | undefined): string | null {
  if (typeof path !== 'string') return null;
  const value = path.trim();
  if (!value.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (value.startsWith('//')) return null;
  const pathname = value.split(/[?#]/)[0] ?? '';
  if (pathname.includes('//') || pathname.includes(':')) return null;
  if (pathname.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  return findRoute(appConfig, pathname) ? value : null;
}
