/**
 * Where a return link may lead: the way back from the WeChat Pay H5 page, and any other link that sends the viewer
 * back to the app. Always this site's public origin (PUBLIC_ORIGIN). Outside production also the addresses a
 * developer opens the app on: the loopback addresses (localhost, 127.x.x.x, [::1], on any port: `npm start` prints one,
 * the browser may have been given the other, Vite's dev server has its own port) and the address the request itself
 * came to (a phone on the same network opening the server by its LAN address). Nothing else: a link naming another
 * site is dropped, never followed (no open redirect).
 *
 * The request's own address is the Host it was sent to: a browser sends the host of the address it opens, so a link
 * crafted elsewhere cannot make another site count as "the request's". Production trusts PUBLIC_ORIGIN only.
 */

export type ReturnLinkPolicy = {
  /** PUBLIC_ORIGIN, e.g. `https://live.example.com`. */
  publicOrigin: string;
  /** Production allows the public origin only. */
  production: boolean;
  /** `protocol://host[:port]` the request came to (outside production only). */
  requestOrigin?: string;
};

/** localhost (and *.localhost), 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The origin of the request's own address (its protocol and Host header). */
export function requestOriginOf(request: { protocol: string; host: string }): string | undefined {
  return originOf(`${request.protocol}://${request.host}`) ?? undefined;
}

/** An IP address as the socket and the URL parser each write it: no brackets, no IPv4-mapped prefix, lower case. */
function bareAddress(address: string): string {
  return address
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^::ffff:(\d{1,3}(\.\d{1,3}){3})$/, '$1');
}

/**
 * The request's own origin when it names this server (outside production only: the caller asks): a Host that is a
 * loopback name or address, or the very IP address the connection arrived at (a phone opening the server by its LAN
 * address while it listens on 0.0.0.0, `HOST`). Nothing else: a forged Host, or a DNS name that leads here (DNS
 * rebinding: the browser sends that name, never this server's address), is not this server.
 */
export function ownRequestOrigin(request: {
  protocol: string;
  host: string;
  socket?: { localAddress?: string };
}): string | undefined {
  const origin = requestOriginOf(request);
  if (!origin) return undefined;
  const { hostname } = new URL(origin);
  if (isLoopbackHost(hostname)) return origin;
  const local = request.socket?.localAddress;
  return local && bareAddress(local) === bareAddress(hostname) ? origin : undefined;
}

/** Whether `url` (absolute) may be a return link under `policy`. */
export function isAllowedReturn(url: URL, policy: ReturnLinkPolicy): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // user:password@host would show one site and open another.
  if (url.username || url.password) return false;
  if (url.origin === originOf(policy.publicOrigin)) return true;
  if (policy.production) return false;
  return isLoopbackHost(url.hostname) || url.origin === originOf(policy.requestOrigin);
}

/** The return link as an absolute URL when it is allowed, else null (the caller shows no way back). */
export function safeReturnUrl(raw: string | undefined | null, policy: ReturnLinkPolicy): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return isAllowedReturn(url, policy) ? url.toString() : null;
}
