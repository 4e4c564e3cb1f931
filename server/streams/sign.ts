/**
 * Signed, expiring stream URLs, the way CDNs sign them: `?exp=<unix seconds>&sig=<HMAC-SHA256, 128 bits>` over the expiry and
 * the stream's folder (`/streams/<kind>/<name>/`), so one signature covers the master playlist, every rendition and
 * every segment of that stream and nothing else. The detail (and the episode list) hand signed URLs only to viewers
 * who passed the event's gates; the stream routes refuse playlists and segments without a valid, unexpired signature
 * and write the signature into every URI of the playlists they serve (players resolve relative URIs without the
 * query). The app renews the signature before it expires (`GET /v3/api/video/stream/sign`).
 */
import crypto from 'node:crypto';

/** Default lifetime of a signed stream URL (STREAM_URL_TTL_S). */
export const STREAM_URL_TTL_S = 600;

export type StreamSigner = {
  /** The URL with a fresh `exp` and `sig` (any old ones replaced); non-stream URLs come back unchanged. */
  sign(url: string): string;
  /** Whether `exp`/`sig` are valid for `pathname` now. */
  verify(pathname: string, exp: unknown, sig: unknown): boolean;
  ttlSeconds: number;
};

const STREAM_FOLDER = /^\/streams\/(vod|live)\/[a-z0-9-]+\//;

/** `/streams/<kind>/<name>/` of a stream path, null for anything else. */
export function streamFolder(pathname: string): string | null {
  return STREAM_FOLDER.exec(pathname)?.[0] ?? null;
}

/** The URL without its signature (what identifies the stream to the player). */
export function unsignedStreamUrl(url: string): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.delete('exp');
  params.delete('sig');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

export function createStreamSigner(options: {
  secret: string;
  ttlSeconds?: number;
  now: () => number;
}): StreamSigner {
  const { now } = options;
  const ttlSeconds = options.ttlSeconds ?? STREAM_URL_TTL_S;
  // HMAC-SHA256 truncated to 128 bits (RFC 2104 allows half the hash's length): 22 characters in every URL the
  // detail hands out, not 43.
  const hmac = (exp: number, folder: string) =>
    crypto
      .createHmac('sha256', options.secret)
      .update(`${exp}:${folder}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  // Every detail call signs its stream URLs, and the expiry moves once a second: the last signature of each folder
  // serves every call of that second (an HMAC costs more than the rest of the detail call).
  const latest = new Map<string, { exp: number; sig: string }>();
  const mac = (exp: number, folder: string) => {
    const cached = latest.get(folder);
    if (cached?.exp === exp) return cached.sig;
    const sig = hmac(exp, folder);
    if (latest.size >= 1_000) latest.clear();
    latest.set(folder, { exp, sig });
    return sig;
  };
  return {
    ttlSeconds,
    sign(url) {
      // The detail hands out bare stream paths: those need no query parsing.
      if (!url.includes('?')) {
        const folder = streamFolder(url);
        if (!folder) return url;
        const exp = Math.floor(now() / 1000) + ttlSeconds;
        return `${url}?exp=${exp}&sig=${mac(exp, folder)}`;
      }
      const unsigned = unsignedStreamUrl(url);
      const [path, query] = unsigned.split('?', 2) as [string, string?];
      const folder = streamFolder(path);
      if (!folder) return url;
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      const params = new URLSearchParams(query ?? '');
      params.set('exp', String(exp));
      params.set('sig', mac(exp, folder));
      return `${path}?${params.toString()}`;
    },
    verify(pathname, exp, sig) {
      const folder = streamFolder(pathname);
      if (!folder || typeof exp !== 'string' || typeof sig !== 'string') return false;
      if (!/^\d{1,12}$/.test(exp) || sig.length > 64) return false;
      const expiry = Number(exp);
      if (expiry * 1000 <= now()) return false;
      const expected = Buffer.from(mac(expiry, folder));
      const given = Buffer.from(sig);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
  };
}

/** A signed URL for a stream the caller has decided the viewer may watch ('' stays ''). */
export function signStreamUrl(signer: StreamSigner, url: string): string {
  return url ? signer.sign(url) : url;
}

/** Writes `query` into every URI of a playlist (URI lines and URI="..." attributes). */
export function signPlaylist(text: string, query: string): string {
  const withQuery = (uri: string) => (uri.includes('?') ? `${uri}&${query}` : `${uri}?${query}`);
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (!trimmed.startsWith('#')) return withQuery(trimmed);
      return line.replace(/URI="([^"]*)"/g, (_match, uri: string) => `URI="${withQuery(uri)}"`);
    })
    .join('\n');
}
