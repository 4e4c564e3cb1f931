import './texts';
import { useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js';
import { useTranslation } from '../../lib/i18n';
import {
  chooseEngine,
  createRecovery,
  errorKind,
  hlsConfig,
  loadHls,
  prefetchingLoader,
  prefetchPlaylists,
  type ErrorKind,
  type StreamNeeds,
} from './engine';
import * as styles from './Player.css';

export type PlayerProps = {
  src: string;
  poster?: string;
  live?: boolean;
  needs?: StreamNeeds;
  label: string;
};

type Status =
  | { state: 'starting' }
  | { state: 'playing' }
  | { state: 'tap-to-play' }
  | { state: 'failed'; kind: ErrorKind | 'unsupported' };

function detectEngine(video: HTMLVideoElement) {
  return chooseEngine({
    userAgent: navigator.userAgent,
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
    mediaSource: typeof window.MediaSource !== 'undefined' || 'ManagedMediaSource' in window,
  });
}

/**
 * HLS player: native on iOS, hls.js (lazily loaded, light build unless the stream needs more) elsewhere. Keeps
 * playing across re-renders (only a new src or a retry restarts it) and tears everything down on leave.
 */
export function Player({ src, poster, live = false, needs = {}, label }: PlayerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const { subtitles = false, captions = false, drm = false } = needs;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let hls: Hls | undefined;
    let disposed = false;
    setStatus({ state: 'starting' });

    const tryAutoplay = () => {
      video.play().then(
        () => !disposed && setStatus({ state: 'playing' }),
        // WeChat's web view (and most browsers without a gesture) refuse autoplay: offer a tap-to-play cover.
        () => !disposed && setStatus({ state: 'tap-to-play' }),
      );
    };

    const engine = detectEngine(video);
    if (engine === 'unsupported') {
      setStatus({ state: 'failed', kind: 'unsupported' });
      return;
    }
    if (engine === 'native') {
      video.src = src;
      video.addEventListener('loadedmetadata', tryAutoplay, { once: true });
    } else {
      // The playlists load while hls.js is still downloading; its playlist loader picks them up.
      prefetchPlaylists(src);
      loadHls({ subtitles, captions, drm }).then(
        (HlsClass) => {
          if (disposed) return;
          const Loader = prefetchingLoader(HlsClass);
          const instance = new HlsClass({ ...hlsConfig(live), pLoader: Loader, fLoader: Loader });
          hls = instance;
          const recovery = createRecovery(instance, () => instance.loadSource(src));
          instance.on(HlsClass.Events.MANIFEST_PARSED, tryAutoplay);
          instance.on(HlsClass.Events.FRAG_BUFFERED, () => recovery.reset());
          instance.on(HlsClass.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            const kind = errorKind(data);
            if (recovery.recover(kind, data.details)) return;
            instance.destroy();
            hls = undefined;
            if (!disposed) setStatus({ state: 'failed', kind });
          });
          instance.attachMedia(video);
          instance.loadSource(src);
        },
        () => !disposed && setStatus({ state: 'failed', kind: 'network' }),
      );
    }

    const onError = () => {
      if (engine === 'native' && !disposed) setStatus({ state: 'failed', kind: 'media' });
    };
    video.addEventListener('error', onError);

    return () => {
      disposed = true;
      video.removeEventListener('error', onError);
      hls?.destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, [src, live, subtitles, captions, drm, attempt]);

  const play = () => {
    videoRef.current?.play().then(
      () => setStatus({ state: 'playing' }),
      () => setStatus({ state: 'tap-to-play' }),
    );
  };

  return (
    <div className={styles.frame} data-testid="player">
      <video
        ref={videoRef}
        className={styles.video}
        poster={poster}
        controls={status.state === 'playing'}
        playsInline
        preload="auto"
        aria-label={label}
        data-testid="player-video"
        {...{ 'webkit-playsinline': 'true', 'x5-playsinline': 'true', 'x5-video-player-type': 'h5-page' }}
      />
      {status.state === 'tap-to-play' ? (
        <button type="button" className={styles.cover} onClick={play}>
          <span className={styles.playIcon} aria-hidden="true" />
          <span className={styles.coverText}>{t('player.tapToPlay')}</span>
        </button>
      ) : null}
      {status.state === 'failed' ? (
        <div className={styles.cover} role="alert">
          <p className={styles.coverText}>{t(`player.error.${status.kind}`)}</p>
          <button type="button" className={styles.retry} onClick={() => setAttempt((value) => value + 1)}>
            {t('ui.retry')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
