/**
 * WeChat's QR sign-in, the console's side: the server's login entry (with qr=1) sends the browser to WeChat's QR page
 * and, once the phone confirms, back to the console with `auth_token` in the address's hash. The console takes it out
 * before anything renders: stored like any sign-in, the address cleaned (the token never stays in the history).
 */
import { storeToken } from '../../../src/lib/auth';

const CONSOLE_PATH = '/livev3/console/';

/** The server's login entry for WeChat's QR sign-in, coming back to the console's start on this address. */
export function wechatSignInUrl(origin: string): string {
  return `/v3/api/user/login/wx?${new URLSearchParams({ qr: '1', callback: `${origin}${CONSOLE_PATH}` })}`;
}

/** The token a sign-in put in the hash (`#/?auth_token=...`), if any. */
export function returnedToken(hash: string): string {
  const query = hash.replace(/^#/, '').split('?')[1] ?? '';
  return new URLSearchParams(query).get('auth_token') ?? '';
}

/** Stores a token WeChat's sign-in brought back and removes it from the address; true when there was one. */
export function takeReturnedToken(location: Location, history: History): boolean {
  const token = returnedToken(location.hash);
  if (!token) return false;
  storeToken('', token);
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return true;
}
