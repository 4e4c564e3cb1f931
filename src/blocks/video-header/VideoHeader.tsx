import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n';
import { afterPriority } from '../../lib/priority';
import { useAudience } from '../../features/video/audience';
import { useVideo } from '../../features/video/store';
import { liveRoom } from '../live-room-loader';
import type { BlockProps } from '../types';
import { EARLY_TEXT } from '../../lib/early';
import * as styles from './VideoHeader.css';

// Save and the room's menu come with the live-room blocks' chunk (first-load budget), into a row that already has
// their height, after the player's code when the video starts by itself (src/lib/priority.ts).
const VideoActions = lazy(() =>
  afterPriority()
    .then(liveRoom)
    .then((m) => m.videoActions()),
);

/** The event's title, live status and audience (the home-video block above it shows the stream or its cover). */
export function VideoHeader({ props }: BlockProps<'video-header'>) {
  const { t } = useTranslation();
  const info = useVideo((state) => state.info);
  const audience = useAudience(info?.token ?? '', info?.live_status ?? 0, info?.views);
  // Before the event has arrived: the same boxes, the title filled in by the start-up as soon as the event names it.
  if (!info)
    return (
      <section className={styles.root} aria-hidden="true">
        <div className={styles.body}>
          <div className={styles.top}>
            <span className={styles.status.idle}>{'\u00a0'}</span>
          </div>
          <h1 className={styles.title} {...{ [EARLY_TEXT]: 'title' }}>
            {'\u00a0'}
          </h1>
          {props.showViewers ? <p className={styles.meta}>{'\u00a0'}</p> : null}
        </div>
      </section>
    );
  const status = info.live_status === 1 ? 'live' : info.live_status === 2 ? 'ended' : 'notStarted';
  return (
    <section className={styles.root} aria-labelledby="video-title">
      <div className={styles.body}>
        <div className={styles.top}>
          <span className={styles.status[status === 'live' ? 'live' : 'idle']}>{t(`video.${status}`)}</span>
          <Suspense>
            <VideoActions />
          </Suspense>
        </div>
        <h1 id="video-title" className={styles.title}>
          {info.title}
        </h1>
        {props.showViewers && typeof audience === 'number' ? (
          <p className={styles.meta} data-testid="audience">
            {t('video.viewers', { count: audience })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
