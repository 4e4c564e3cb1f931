import '../video/messages';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatDuration } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useVideo } from '../video/store';
import { saveWatchProgress } from './api';
import { dismissResumeHint, isLoggedIn, noteProgress, refreshEpisodes, useEpisodes } from './store';
import * as styles from './WatchProgress.css';

/** How often progress is saved while the episode plays. */
const SAVE_EVERY_MS = 5000;
/** How long the 'continue from mm:ss' hint stays over the player. */
const HINT_MS = 8000;

/**
 * Episode playback around the existing player (found inside `frame`): loads the episodes (which picks the episode and
 * where it resumes), seeks to that point once the media is ready, saves progress every few seconds while playing, on
 * pause and end, on switching episodes, and on page hide (keepalive, so it lands even when the page is going away).
 */
export default function WatchProgress({ frame }: { frame: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const token = useVideo((state) => state.info?.token ?? '');
  const refreshCount = useVideo((state) => state.refreshCount);
  const episode = useVideo((state) => state.episode);
  const hint = useEpisodes((state) => state.resumeHint);
  const latest = useRef(0);

  useEffect(() => {
    if (token) refreshEpisodes(token).catch(() => {});
  }, [token, refreshCount]);

  // The player's element appears once the player's code has loaded (it loads apart from the first load): watch for it.
  const [hasVideo, setHasVideo] = useState(false);
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const find = () => setHasVideo(root.querySelector('video') !== null);
    find();
    const observer = new MutationObserver(find);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [frame]);

  const episodeId = episode?.id;
  const startAt = episode?.startAt ?? 0;
  useEffect(() => {
    const video = hasVideo ? frame.current?.querySelector('video') : null;
    if (!video || episodeId === undefined) return;
    latest.current = 0;
    let lastSaved = -1;

    const seek = () => {
      if (startAt > 0 && video.currentTime < startAt) video.currentTime = startAt;
    };
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
    else video.addEventListener('loadedmetadata', seek, { once: true });

    const track = () => {
      // The player resets the element when it leaves (currentTime 0): keep the last real position.
      if (video.currentTime > 0) latest.current = video.currentTime;
    };
    const save = (keepalive = false) => {
      const position = latest.current;
      if (!isLoggedIn(token) || position <= 0 || position === lastSaved) return;
      lastSaved = position;
      noteProgress(episodeId, position);
      saveWatchProgress(token, episodeId, position, keepalive).catch(() => {});
    };
    const saveNow = () => save();
    const saveOnHide = () => save(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveOnHide();
    };
    const timer = window.setInterval(() => {
      if (!video.paused) save();
    }, SAVE_EVERY_MS);

    video.addEventListener('timeupdate', track);
    video.addEventListener('pause', saveNow);
    video.addEventListener('ended', saveNow);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', saveOnHide);
    return () => {
      save();
      window.clearInterval(timer);
      video.removeEventListener('loadedmetadata', seek);
      video.removeEventListener('timeupdate', track);
      video.removeEventListener('pause', saveNow);
      video.removeEventListener('ended', saveNow);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', saveOnHide);
    };
  }, [hasVideo, frame, token, episodeId, startAt]);

  useEffect(() => {
    if (!hint) return;
    const timer = window.setTimeout(dismissResumeHint, HINT_MS);
    return () => window.clearTimeout(timer);
  }, [hint]);

  if (!hint || hint.episodeId !== episodeId) return null;
  return (
    <p className={styles.hint} role="status">
      {t('liveRoom.continueFrom', { time: formatDuration(hint.at).padStart(5, '0') })}
    </p>
  );
}
