/**
 * Requests started before hls.js is ready: the master playlist, the variant hls.js starts with (the lowest bandwidth,
 * as startLevel is 0) and that variant's first segment to play (live: `liveEdgeSegments` from the end, as hls.js's
 * liveSyncDurationCount; VOD: the first). hls.js's loaders take them from here once instead of asking again, saving
 * three round trips before the first frame. Entries older than PREFETCH_TTL_MS are not used (live playlists move on);
 * a guess hls.js does not ask for costs one small segment.
 */
type Prefetched = {
  /** performance.now() when the request started and (once known) ended: the loader reports real timings to ABR. */
  start: number;
  end?: number;
  body: Promise<string | ArrayBuffer>;
};

const prefetched = new Map<string, Prefetched>();
export const PREFETCH_TTL_MS = 3000;

function remember(url: string, request: (url: string) => Promise<string | ArrayBuffer>) {
  const entry: Prefetched = { start: performance.now(), body: request(url) };
  prefetched.set(url, entry);
  entry.body.then(
    () => {
      entry.end = performance.now();
    },
    () => {
      if (prefetched.get(url) === entry) prefetched.delete(url);
    },
  );
  return entry.body;
}

async function get(url: string, kind: 'text' | 'arrayBuffer'): Promise<string | ArrayBuffer> {
  const response = await fetch(url, { credentials: 'same-origin', priority: 'high' } as RequestInit);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return kind === 'text' ? response.text() : response.arrayBuffer();
}
const text = (url: string) => get(url, 'text');
const bytes = (url: string) => get(url, 'arrayBuffer');

/** The lowest-bandwidth variant of a master playlist, as an absolute URL; null for a media playlist. */
export function lowestVariant(master: string, masterUrl: string): string | null {
  let best: { bandwidth: number; uri: string } | null = null;
  let bandwidth: number | null = null;
  for (const raw of master.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:')) bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    else if (line && !line.startsWith('#') && bandwidth !== null) {
      if (!best || bandwidth < best.bandwidth) best = { bandwidth, uri: line };
      bandwidth = null;
    }
  }
  return best ? new URL(best.uri, masterUrl).href : null;
}

/** The segment playback starts with: live, `liveEdgeSegments` from the end; VOD (ENDLIST), the first. */
export function startSegment(media: string, mediaUrl: string, liveEdgeSegments: number): string | null {
  const uris = media
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  if (uris.length === 0) return null;
  const index = media.includes('#EXT-X-ENDLIST') ? 0 : Math.max(0, uris.length - liveEdgeSegments);
  return new URL(uris[index] as string, mediaUrl).href;
}

export function prefetchPlaylists(
  src: string,
  options: { base?: string; liveEdgeSegments?: number } = {},
): void {
  const masterUrl = new URL(src, options.base ?? window.location.href).href;
  if (prefetched.has(masterUrl)) return;
  const liveEdgeSegments = options.liveEdgeSegments ?? 3;
  const media = (mediaText: string, mediaUrl: string) => {
    const segment = startSegment(mediaText, mediaUrl, liveEdgeSegments);
    if (segment) remember(segment, bytes);
  };
  remember(masterUrl, text).then(
    (master) => {
      const level = lowestVariant(master as string, masterUrl);
      if (!level) return media(master as string, masterUrl);
      remember(level, text).then(
        (levelText) => media(levelText as string, level),
        () => {},
      );
    },
    () => {},
  );
}

/** A prefetched response, once; null when there is none or it is too old. */
export function takePrefetched(url: string, base: string = window.location.href): Prefetched | null {
  const key = new URL(url, base).href;
  const hit = prefetched.get(key);
  if (!hit) return null;
  prefetched.delete(key);
  return performance.now() - hit.start < PREFETCH_TTL_MS ? hit : null;
}
