import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from '../../lib/i18n';
import * as styles from './Player.css';

type AppleVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/**
 * The controls of a live stream: pause, sound and full screen, without the browser's own controls (they draw a seek
 * bar, meaningless on a live stream). The live badge is the player's.
 */
export function LiveControls({ videoRef }: { videoRef: RefObject<HTMLVideoElement | null> }) {
  const { t } = useTranslation();
  // Shown once the stream plays, with the sound the player starts with.
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useState(false);
  const [canFullscreen, setCanFullscreen] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // iOS plays full screen only through the video element itself.
    setCanFullscreen(Boolean(document.fullscreenEnabled || (video as AppleVideo).webkitEnterFullscreen));
    const onPlay = () => setPaused(false);
    const onPause = () => setPaused(true);
    const onVolume = () => setMuted(video.muted);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('volumechange', onVolume);
    return () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('volumechange', onVolume);
    };
  }, [videoRef]);

  const togglePause = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => {});
    else video.pause();
  };
  const toggleSound = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  };
  const fullscreen = () => {
    const video = videoRef.current;
    const frame = video?.parentElement;
    if (document.fullscreenEnabled && frame) void frame.requestFullscreen().catch(() => {});
    else (video as AppleVideo | null)?.webkitEnterFullscreen?.();
  };

  return (
    <div className={styles.liveControls}>
      <button type="button" className={styles.control} onClick={togglePause}>
        {paused ? t('player.play') : t('player.pause')}
      </button>
      <button type="button" className={styles.control} aria-pressed={muted} onClick={toggleSound}>
        {muted ? t('player.unmute') : t('player.mute')}
      </button>
      {canFullscreen ? (
        <button type="button" className={styles.control} onClick={fullscreen}>
          {t('player.fullscreen')}
        </button>
      ) : null}
    </div>
  );
}
