/**
 * Chooses how a stream plays and loads hls.js (with the live room's early requests: the stream's playlists and the
 * transmuxer worker). Pure decisions are separate from the DOM so they can be unit-tested. How the player sets hls.js
 * up once loaded is in hls-setup.ts, out of the first load.
 */
import type Hls from 'hls.js';
import { accessGate } from '../video/access-gate';
import { videoStore } from '../video/store';
import { streamOf, type Stream, type StreamNeeds } from '../video/stream';
import type { VideoInfo } from '../video/types';
import { prefetchPlaylists } from './preload';
import { loadTransmuxWorker } from './transmux-worker';

export { prefetchPlaylists } from './preload';

export type PlaybackEngine = 'native' | 'hls' | 'unsupported';

/**
 * iOS browsers (Safari, and WeChat's WKWebView) play HLS natively and do it best; elsewhere hls.js over Media Source
 * gives adaptive bitrate and recovery; a browser with neither but native HLS still gets `video.src`.
 */
export function chooseEngine(env: {
  userAgent: string;
  nativeHls: boolean;
  mediaSource: boolean;
}): PlaybackEngine {
  const apple =
    /iPhone|iPad|iPod|Macintosh.*Safari/.test(env.userAgent) &&
    !/Chrome|Chromium|Android/.test(env.userAgent);
  if (env.nativeHls && apple) return 'native';
  if (env.mediaSource) return 'hls';
  if (env.nativeHls) return 'native';
  return 'unsupported';
}

/** The light build (~118 KB gz) unless the stream needs subtitles, CEA-608 captions or DRM (full build, ~186 KB). */
export function needsFullBuild(needs: StreamNeeds): boolean {
  return Boolean(needs.subtitles || needs.captions || needs.drm);
}

/** The stream the live room's player starts with: none while an access gate stands first (or before the detail). */
export function startingStream(info: VideoInfo | null): Stream | null {
  return info && !accessGate(info) ? streamOf(info, false) : null;
}

let prefetchingOnDetail = false;

/**
 * The live room preloads the player: hls.js, and as soon as the detail says which stream plays, that stream's
 * playlists (before the blocks render and while hls.js is still downloading; the player takes them from there).
 */
function prefetchOnDetail() {
  if (prefetchingOnDetail || typeof window === 'undefined') return;
  prefetchingOnDetail = true;
  let done = '';
  const prefetch = () => {
    const stream = startingStream(videoStore.get().info);
    if (!stream || stream.url === done) return;
    done = stream.url;
    if (browserEngine() === 'hls') prefetchPlaylists(stream.url);
  };
  videoStore.subscribe(prefetch);
  prefetch();
}

/** How this browser plays HLS (chooseEngine for the browser the app runs in). */
export function browserEngine(video: HTMLVideoElement = document.createElement('video')): PlaybackEngine {
  return chooseEngine({
    userAgent: navigator.userAgent,
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
    mediaSource: typeof window.MediaSource !== 'undefined' || 'ManagedMediaSource' in window,
  });
}

/** hls.js (light or full build), with the stream's playlists and the transmuxer worker's code fetched meanwhile. */
export async function loadHls(needs: StreamNeeds): Promise<typeof Hls> {
  prefetchOnDetail();
  void loadTransmuxWorker();
  const module = needsFullBuild(needs) ? await import('hls.js') : await import('hls.js/light');
  return module.default;
}
