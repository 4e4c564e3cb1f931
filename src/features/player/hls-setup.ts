/**
 * How the player sets hls.js up once it is loaded: its configuration, recovery from errors by kind, the pause before a
 * retry, and the loader that answers from the prefetched playlists and segment. Only the player's chunk imports this
 * (the entry carries only what the live room needs before the player: engine.ts).
 */
import type Hls from 'hls.js';
import type {
  ErrorData,
  FragmentLoaderConstructor,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  PlaylistLoaderConstructor,
  XhrLoader,
} from 'hls.js';
import { takePrefetched } from './preload';

/** `workerPath`: where hls.js starts its transmuxer worker (transmux-worker.ts); without one it transmuxes inline. */
export function hlsConfig(live: boolean, workerPath?: string) {
  return {
    // The default keeps the whole back buffer, so a long live stream grows memory without bound.
    backBufferLength: live ? 30 : 90,
    capLevelToPlayerSize: true,
    maxBufferLength: 20,
    // The lowest rendition first (ABR climbs from there): a first frame soonest, and no fragment downloaded twice
    // (with an automatic start level, hls.js fetches one fragment only to test the bandwidth, then fetches it again).
    startLevel: 0,
    testBandwidth: false,
    // Transmuxing in a worker keeps the main thread free (each segment was a long task on it while the page loads).
    enableWorker: true,
    workerPath,
    // Live: low-latency HLS where the playlist has parts (the ingest's: the server's part hold-back, three parts
    // behind the edge, with blocking reloads and the next part hinted); otherwise hls.js's default of three segments
    // behind the edge (3 s with the ingest's 1 s segments). liveSyncDurationCount is left at that default on purpose:
    // set, it would override the part hold-back. Caught up at up to 1.2x speed after a slow start or a stall (hls.js
    // only does that in its low-latency mode). Without the catch-up a player stays as far behind as it started.
    lowLatencyMode: true,
    maxLiveSyncPlaybackRate: live ? 1.2 : 1,
    // A live stream's media gets an endless duration: with hls.js's default (a finite one, the playlist's length so
    // far) the browser draws a seek bar such as '0:11 / 0:15' under a live stream.
    liveDurationInfinity: true,
    // Licence requests retry 3 times, then the error is fatal: the player shows its error instead of retrying forever.
    keySystemsRetry: 3,
  };
}

export type ErrorKind = 'network' | 'media' | 'keySystem' | 'mux' | 'other';

export function errorKind(data: Pick<ErrorData, 'type'>): ErrorKind {
  switch (data.type) {
    case 'networkError':
      return 'network';
    case 'mediaError':
      return 'media';
    case 'keySystemError':
      return 'keySystem';
    case 'muxError':
      return 'mux';
    default:
      return 'other';
  }
}

/**
 * Recovery by kind once hls.js's own retries are spent: a network error restarts loading once (the whole source when
 * the playlist itself never arrived: `startLoad` has nothing to restart then), a media error recovers the media
 * element (then swaps the audio codec), anything else is fatal. Returns false when the error must reach the viewer.
 */
export function createRecovery(
  hls: Pick<Hls, 'startLoad' | 'recoverMediaError' | 'swapAudioCodec'>,
  reloadSource?: () => void,
) {
  let networkRetries = 0;
  let mediaRecoveries = 0;
  return {
    recover(kind: ErrorKind, details = ''): boolean {
      if (kind === 'network' && networkRetries < 1) {
        networkRetries += 1;
        if (reloadSource && /^manifest/.test(details)) reloadSource();
        else hls.startLoad();
        return true;
      }
      if (kind === 'media' && mediaRecoveries < 2) {
        if (mediaRecoveries === 1) hls.swapAudioCodec();
        mediaRecoveries += 1;
        hls.recoverMediaError();
        return true;
      }
      return false;
    },
    reset() {
      networkRetries = 0;
      mediaRecoveries = 0;
    },
  };
}

/**
 * The pause before the player tries a failed stream again by itself: 2 s, then doubling, at most 30 s. A server that
 * comes back is picked up within that time (or at once when the browser reports it is online again).
 */
export function retryDelay(failures: number): number {
  return Math.min(2_000 * 2 ** failures, 30_000);
}

/**
 * hls.js's own loader, answering from the prefetched requests first (playlists as text, the first segment as bytes;
 * a failed prefetch loads as usual). Used as both pLoader and fLoader. `rewrite` changes each request's URL first
 * (the newest stream signature replaces the one a playlist was fetched with).
 */
export function prefetchingLoader(
  HlsClass: typeof Hls,
  rewrite: (url: string) => string = (url) => url,
): PlaylistLoaderConstructor & FragmentLoaderConstructor {
  const Base = HlsClass.DefaultConfig.loader as unknown as typeof XhrLoader;
  class PrefetchingLoader extends Base {
    load(
      context: LoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<LoaderContext>,
    ): void {
      context.url = rewrite(context.url);
      const wantsBytes = context.responseType === 'arraybuffer';
      const hit = context.rangeStart || context.rangeEnd ? null : takePrefetched(context.url);
      if (!hit) return super.load(context, config, callbacks);
      const stats = this.stats;
      stats.loading.start = hit.start;
      this.context = context;
      // hls.js's loaders refuse a second load() once loading.start is set: clear it to load as usual.
      const fallback = () => {
        stats.loading.start = 0;
        super.load(context, config, callbacks);
      };
      hit.body.then(
        (body) => {
          if (stats.aborted) return;
          if (typeof body === 'string' ? wantsBytes : !wantsBytes) return fallback();
          stats.loading.first = stats.loading.end = hit.end ?? performance.now();
          stats.loaded = stats.total = typeof body === 'string' ? body.length : body.byteLength;
          callbacks.onSuccess({ url: context.url, data: body, code: 200 }, stats, context, null);
        },
        () => {
          if (!stats.aborted) fallback();
        },
      );
    }
  }
  return PrefetchingLoader as unknown as PlaylistLoaderConstructor & FragmentLoaderConstructor;
}
