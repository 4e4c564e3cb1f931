/**
 * Chooses how a stream plays and wires hls.js recovery. Pure decisions are separate from the DOM so they can be
 * unit-tested.
 */
import type Hls from 'hls.js';
import type { ErrorData } from 'hls.js';

export type PlaybackEngine = 'native' | 'hls' | 'unsupported';

export type StreamNeeds = { subtitles?: boolean; captions?: boolean; drm?: boolean };

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

export async function loadHls(needs: StreamNeeds): Promise<typeof Hls> {
  const module = needsFullBuild(needs) ? await import('hls.js') : await import('hls.js/light');
  return module.default;
}

export function hlsConfig(live: boolean) {
  return {
    // The default keeps the whole back buffer, so a long live stream grows memory without bound.
    backBufferLength: live ? 30 : 90,
    capLevelToPlayerSize: true,
    maxBufferLength: 20,
    startLevel: -1,
    enableWorker: true,
    liveSyncDurationCount: 3,
    // Licence requests retry 3 times, then the error is fatal (spec section 8).
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
