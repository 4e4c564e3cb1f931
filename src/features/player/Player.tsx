import './texts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js';
import { useTranslation } from '../../lib/i18n';
import { nextTask } from '../../lib/next-task';
import { button } from '../../ui/button/button.css';
import { autoplayRefused } from './autoplay';
import { browserEngine, loadHls, needsFullBuild, prefetchPlaylists } from './engine';
import { collectCues, type CueStore } from './captions/cues';
import {
  createRecovery,
  errorKind,
  hlsConfig,
  prefetchingLoader,
  retryDelay,
  type ErrorKind,
} from './hls-setup';
import { loadTransmuxWorker } from './transmux-worker';
import type { StreamNeeds } from '../video/stream';
import { LiveControls } from './LiveControls';
import * as styles from './Player.css';
import { expiryOf, renewDelay, renewStreamUrl, unsignedUrl, withSignatureOf } from './signed-url';

export type PlayerProps = {
  src: string;
  poster?: string;
  live?: boolean;
  needs?: StreamNeeds;
  label: string;
};

// Subtitles and captions (the CC button, the cues over the picture): loaded only for streams that have them.
const Captions = lazy(() => import('./captions/Captions'));

type Status =
  | { state: 'starting' }
  | { state: 'playing' }
  | { state: 'tap-to-play' }
  | { state: 'failed'; kind: ErrorKind | 'unsupported' };

/**
 * HLS player: native on iOS, hls.js (lazily loaded, light build unless the stream needs more) elsewhere. Keeps
 * playing across re-renders (only a new src or a retry restarts it) and tears everything down on leave.
 *
 * A live stream (the detail says so, or the stream's playlist does) shows the live badge and its own controls, never
 * a seek bar. A stream lost to the network is tried again by itself, with growing pauses and at once when the browser
 * is back online, and plays on if the viewer had been playing; the retry button stays meanwhile.
 */
/**
 * hls.js's full build with subtitles or captions: cues come through its events (the caption layer draws them, so
 * they look the same in every browser and theme) instead of the browser's own text tracks.
 */
function textConfig(captions: boolean) {
  return { renderTextTracksNatively: false, enableCEA708Captions: captions, enableWebVTT: true };
}

export function Player({ src, poster, live = false, needs = {}, label }: PlayerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'starting' });
  const [attempt, setAttempt] = useState(0);
  // The stream whose playlist (or native duration) said it is live: the detail may not know, or not yet.
  const [liveStream, setLiveStream] = useState<string | null>(null);
  // Whether the viewer wants the video playing (a retry resumes it only then), and the automatic retries so far.
  const wantsPlayRef = useRef(false);
  const retryingRef = useRef(false);
  const failuresRef = useRef(0);
  const { subtitles = false, captions = false, drm = false } = needs;
  // The hls.js instance the caption layer reads cues from (only with the full build, for streams that have them).
  const [textSource, setTextSource] = useState<{
    hls: Hls;
    store: CueStore;
    video: HTMLVideoElement;
  } | null>(null);
  // The stream is its URL without the signature: a renewed signature (from here or a reloaded detail) keeps playing.
  const stream = unsignedUrl(src);
  const isLive = live || liveStream === stream;
  const signedRef = useRef(src);
  // Declared before the playback effect, so a new stream starts with its own URL.
  useEffect(() => {
    const current = signedRef.current;
    if (unsignedUrl(current) !== unsignedUrl(src) || (expiryOf(src) ?? 0) > (expiryOf(current) ?? 0))
      signedRef.current = src;
  }, [src]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let hls: Hls | undefined;
    let textStore: CueStore | undefined;
    let disposed = false;
    // A pause while the player itself tears the stream down is not the viewer's.
    let failing = false;
    // A retry restarts playback only for a viewer who was watching; a first start always tries.
    const autoplay = !retryingRef.current || wantsPlayRef.current;
    retryingRef.current = false;
    setStatus({ state: 'starting' });

    // Waiting for a tap, hls.js stops loading once the first fragment is in (the frame under the cover): a viewer
    // who never taps does not pay for 30 s of buffer and a playlist polled every few seconds, and the page's main
    // thread is free for the rest of the room. The tap (the video's play event) starts loading again.
    let fragmentBuffered = false;
    // Set while hls.js waits for the tap before it loads at all (autoplay refused from the start).
    let startOnTap: (() => Promise<unknown>) | undefined;
    let waitingForTap = false;
    let parked = false;
    const park = () => {
      if (!hls || parked || disposed || !waitingForTap || !fragmentBuffered || !video.paused) return;
      parked = true;
      hls.stopLoad();
    };
    const waitForTap = () => {
      setStatus({ state: 'tap-to-play' });
      waitingForTap = true;
      park();
    };
    const tryAutoplay = () => {
      if (!autoplay) {
        waitForTap();
        return;
      }
      video.play().then(
        () => !disposed && setStatus({ state: 'playing' }),
        // WeChat's web view (and most browsers without a gesture) refuse autoplay: offer a tap-to-play cover.
        () => !disposed && waitForTap(),
      );
    };

    const engine = browserEngine(video);
    const src = signedRef.current;
    // Renews the signature before it expires; hls.js requests then carry the new one (see the loader's rewrite), the
    // native player is pointed at the renewed URL where it stands.
    let renewTimer: ReturnType<typeof setTimeout> | undefined;
    const scheduleRenewal = (failures = 0) => {
      const exp = expiryOf(signedRef.current);
      if (exp === null || disposed) return;
      renewTimer = setTimeout(
        () => {
          if (disposed) return;
          if (renewDelay(expiryOf(signedRef.current) ?? 0) > 0 && failures === 0) return scheduleRenewal();
          renewStreamUrl(signedRef.current).then(
            (renewed) => {
              if (disposed) return;
              signedRef.current = renewed;
              if (engine === 'native') {
                const at = video.currentTime;
                const playing = !video.paused;
                video.src = renewed;
                if (!live) video.currentTime = at;
                if (playing) void video.play().catch(() => {});
              }
              scheduleRenewal();
            },
            () => !disposed && scheduleRenewal(failures + 1),
          );
        },
        failures > 0 ? Math.min(15_000 * failures, 60_000) : renewDelay(exp),
      );
    };
    scheduleRenewal();
    if (engine === 'unsupported') {
      setStatus({ state: 'failed', kind: 'unsupported' });
      return;
    }
    if (engine === 'native') {
      video.src = src;
      video.addEventListener(
        'loadedmetadata',
        () => {
          if (video.duration === Infinity) setLiveStream(stream);
          tryAutoplay();
        },
        { once: true },
      );
    } else {
      // The playlists load while hls.js is still downloading; its playlist loader picks them up.
      prefetchPlaylists(src);
      const startHls = () =>
        Promise.all([loadHls({ subtitles, captions, drm }), loadTransmuxWorker()]).then(
          ([HlsClass, workerPath]) => {
            if (disposed) return;
            const Loader = prefetchingLoader(HlsClass, (url) => withSignatureOf(url, signedRef.current));
            const withText = needsFullBuild({ subtitles, captions });
            const instance = new HlsClass({
              ...hlsConfig(live, workerPath),
              ...(withText ? textConfig(captions) : {}),
              pLoader: Loader,
              fLoader: Loader,
            });
            hls = instance;
            if (withText) {
              textStore = collectCues(instance, HlsClass.Events, () => video.currentTime);
              setTextSource({ hls: instance, store: textStore, video });
            }
            const recovery = createRecovery(instance, () => instance.loadSource(signedRef.current));
            instance.on(HlsClass.Events.MANIFEST_PARSED, tryAutoplay);
            instance.on(HlsClass.Events.LEVEL_LOADED, (_event, data) => {
              if (data.details.live && !disposed) setLiveStream(stream);
            });
            instance.on(HlsClass.Events.FRAG_BUFFERED, () => {
              recovery.reset();
              fragmentBuffered = true;
              // In a task of its own: stopping tears down the transmuxer, which would lengthen hls.js's own (already
              // long) handling of the buffered fragment into one task of ~40 ms.
              void nextTask().then(park);
            });
            instance.on(HlsClass.Events.ERROR, (_event, data) => {
              if (!data.fatal) return;
              const kind = errorKind(data);
              if (recovery.recover(kind, data.details)) return;
              failing = true;
              instance.destroy();
              hls = undefined;
              if (!disposed) setStatus({ state: 'failed', kind });
            });
            instance.attachMedia(video);
            // Its signature may have been renewed while the player waited for a tap.
            instance.loadSource(signedRef.current);
          },
          () => !disposed && setStatus({ state: 'failed', kind: 'network' }),
        );
      if (!autoplay) void startHls();
      else
        void autoplayRefused().then((refused) => {
          if (disposed) return;
          if (!refused) return void startHls();
          // The browser will not start it without a tap: the cover (over the poster) at once, and hls.js, its worker
          // and the first fragment only on the tap, not during the page's load.
          startOnTap = startHls;
          waitForTap();
        });
    }

    const onError = () => {
      if (engine === 'native' && !disposed) setStatus({ state: 'failed', kind: 'media' });
    };
    const onPlay = () => {
      wantsPlayRef.current = true;
      waitingForTap = false;
      if (startOnTap) {
        void startOnTap();
        startOnTap = undefined;
      }
      if (parked && hls) {
        parked = false;
        hls.startLoad();
      }
    };
    const onPause = () => {
      if (!disposed && !failing) wantsPlayRef.current = false;
    };
    const onPlaying = () => {
      failuresRef.current = 0;
    };
    video.addEventListener('error', onError);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('playing', onPlaying);

    return () => {
      disposed = true;
      clearTimeout(renewTimer);
      video.removeEventListener('error', onError);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('playing', onPlaying);
      hls?.destroy();
      textStore?.dispose();
      setTextSource(null);
      video.removeAttribute('src');
      video.load();
    };
  }, [stream, live, subtitles, captions, drm, attempt]);

  // Lost to the network: try again by itself after a pause that grows with each failure, or at once when the browser
  // reports it is back online.
  const lostToNetwork = status.state === 'failed' && status.kind === 'network';
  useEffect(() => {
    if (!lostToNetwork) return;
    const retry = () => {
      failuresRef.current += 1;
      retryingRef.current = true;
      setAttempt((value) => value + 1);
    };
    const timer = setTimeout(retry, retryDelay(failuresRef.current));
    window.addEventListener('online', retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [lostToNetwork]);

  const retryNow = () => {
    // The viewer's tap: play once the stream is back.
    wantsPlayRef.current = true;
    retryingRef.current = true;
    setAttempt((value) => value + 1);
  };

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
        controls={status.state === 'playing' && !isLive}
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
          {lostToNetwork ? <p className={styles.coverText}>{t('player.reconnecting')}</p> : null}
          <button type="button" className={button()} onClick={retryNow}>
            {t('ui.retry')}
          </button>
        </div>
      ) : null}
      {textSource ? (
        <Suspense fallback={null}>
          <Captions hls={textSource.hls} store={textSource.store} video={textSource.video} />
        </Suspense>
      ) : null}
      {isLive && status.state === 'playing' ? <LiveControls videoRef={videoRef} /> : null}
      {isLive ? <span className={styles.liveBadge}>{t('player.live')}</span> : null}
    </div>
  );
}
