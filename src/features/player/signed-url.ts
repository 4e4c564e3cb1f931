/**
 * Signed stream URLs (server/streams/sign.ts): `exp` (Unix seconds) and `sig` in the query, one signature per stream
 * folder. The player keeps playing across renewals: its loader writes the newest signature into every request of the
 * same stream, and a new signature is fetched before the old one expires.
 */
import { api } from '../../lib/api';
import { now } from '../../lib/clock';
import { launchStore } from '../../lib/launch';

const FOLDER = /^(?:[a-z]+:\/\/[^/]+)?(\/streams\/(?:vod|live)\/[a-z0-9-]+\/)/;

/** `exp` of a signed URL in Unix seconds, null when it carries none. */
export function expiryOf(url: string): number | null {
  const query = url.split('?')[1];
  if (!query) return null;
  const exp = Number(new URLSearchParams(query.split('#')[0]).get('exp'));
  return Number.isFinite(exp) && exp > 0 ? exp : null;
}

/** The URL without `exp` and `sig`: what identifies the stream (a renewal keeps it). */
export function unsignedUrl(url: string): string {
  const [path, query] = url.split('?', 2) as [string, string?];
  if (query === undefined) return url;
  const params = new URLSearchParams(query);
  params.delete('exp');
  params.delete('sig');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/**
 * `url` carrying the signature of `signed` when both are in the same stream folder (the segments and renditions of
 * the stream `signed` plays); any other URL unchanged.
 */
export function withSignatureOf(url: string, signed: string): string {
  const folder = FOLDER.exec(url)?.[1];
  if (!folder || FOLDER.exec(signed)?.[1] !== folder) return url;
  const source = new URLSearchParams(signed.split('?')[1] ?? '');
  const exp = source.get('exp');
  const sig = source.get('sig');
  if (!exp || !sig) return url;
  const [path, rest] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(rest ?? '');
  params.set('exp', exp);
  params.set('sig', sig);
  return `${path}?${params.toString()}`;
}

/** Milliseconds until a signature expiring at `exp` should be renewed: a fifth of a minute to a minute early. */
export function renewDelay(exp: number, nowMs: number = now()): number {
  const left = exp * 1000 - nowMs;
  const margin = Math.min(60_000, Math.max(5_000, left / 5));
  return Math.max(0, left - margin);
}

/** A freshly signed URL for the same stream of the current event. */
export async function renewStreamUrl(url: string): Promise<string> {
  const token = launchStore.get().videoToken;
  const answer = await api.get(
    '/v3/api/video/stream/sign',
    { token, url: unsignedUrl(url) },
    { quiet: true, noErrorToast: true },
  );
  return answer.url;
}
