import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n';
import { afterPriority } from '../../lib/priority';
import { useVideo } from '../../features/video/store';
import { liveRoom } from '../live-room-loader';
import type { BlockProps } from '../types';
import * as styles from './VideoHeader.css';

type Props = { showViewers?: boolean };

// Save and the room's menu come with the live-room blocks' chunk (first-load budget), into a row that already has
// their height, after the player's code when the video starts by itself (src/lib/priority.ts).
const VideoActions = lazy(() =>
  afterPriority()
    .then(liveRoom)
    .then((m) => m.videoActions()),
);

/** The event's title, live status and audience (the home-video block above it shows the stream or its cover). */
export function VideoHeader({ props }: BlockProps<Props>) {
  const { t } = useTranslation();
  const info = useVideo((state) => state.info);
  if (!info) return null;
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
        {props.showViewers !== false && typeof info.views === 'number' ? (
          <p className={styles.meta}>{t('video.viewers', { count: info.views })}</p>
        ) : null}
      </div>
    </section>
  );
}
