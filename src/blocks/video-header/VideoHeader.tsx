import { useTranslation } from '../../lib/i18n';
import { useVideo } from '../../features/video/store';
import { abbreviateCount } from '../../lib/format';
import type { BlockProps } from '../types';
import * as styles from './VideoHeader.css';

type Props = { showViewers?: boolean };

/** The event's title, live status and audience (the home-video block above it shows the stream or its cover). */
export function VideoHeader({ props }: BlockProps<Props>) {
  const { t, i18n } = useTranslation();
  const info = useVideo((state) => state.info);
  if (!info) return null;
  const status = info.live_status === 1 ? 'live' : info.live_status === 2 ? 'ended' : 'notStarted';
  return (
    <section className={styles.root} aria-labelledby="video-title">
      <div className={styles.body}>
        <span className={styles.status[status === 'live' ? 'live' : 'idle']}>{t(`video.${status}`)}</span>
        <h1 id="video-title" className={styles.title}>
          {info.title}
        </h1>
        {props.showViewers !== false && typeof info.views === 'number' ? (
          <p className={styles.meta}>
            {t('video.viewers', { count: abbreviateCount(info.views, i18n.language) })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
