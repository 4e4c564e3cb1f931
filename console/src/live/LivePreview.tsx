/**
 * The broadcast as viewers get it: the signed HLS of the live room, played muted by hls.js (loaded with the section
 * only when something is live), or natively where Media Source is missing and the browser plays HLS itself (Safari).
 * The signed URL expires: a fatal network error loads the latest one.
 */
import { useEffect, useRef } from 'react';
import { useT } from '../app/i18n.ts';
import * as live from './live.css.ts';

export function LivePreview({ url }: { url: string }) {
  const { t } = useT();
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(url);
  useEffect(() => {
    latest.current = url;
  }, [url]);
  // One player per broadcast: later URLs (a newer signature of the same stream) wait for an error to be used.
  const started = url !== '';

  useEffect(() => {
    const element = video.current;
    if (!started || !element) return;
    let stopped = false;
    let destroy = () => {};
    void import('hls.js').then(({ default: Hls }) => {
      if (stopped) return;
      if (!Hls.isSupported()) {
        element.src = latest.current;
        return;
      }
      const hls = new Hls({ lowLatencyMode: true });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
        else hls.loadSource(latest.current);
      });
      hls.loadSource(latest.current);
      hls.attachMedia(element);
      destroy = () => hls.destroy();
    });
    return () => {
      stopped = true;
      destroy();
    };
  }, [started]);

  if (!started) return <div className={live.placeholder}>{t('live.noPreview')}</div>;
  return (
    <video
      ref={video}
      className={live.player}
      data-testid="live-preview"
      aria-label={t('live.preview')}
      muted
      autoPlay
      playsInline
      controls
    />
  );
}
