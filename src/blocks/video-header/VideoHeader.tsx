import { useTranslation } from '../../lib/i18n';
import { useVideo } from '../../features/video/store';
import type { BlockProps } from '../types';
import * as styles from './VideoHeader.css';

type Props = { showViewers?: boolean };

/** The event's cover, title and status. The player replaces the cover when the watching feature lands. */
export function VideoHeader({ props }: BlockProps<Props>) {
  const { t } = useTranslation();
  const info = useVideo((state) => state.info);
  if (!info) return null;
  const status = info.live_status === 1 ? 'live' : info.live_status === 2 ? 'ended' : 'notStarted';
  return (
    <section className={styles.root} aria-labelledby="video-title">
      <div className={styles.cover}>
        {info.cover ? <img className={styles.image} src={info.cover} alt="" width={390} height={219} /> : null}
        <span className={styles.status[status === 'live' ? 'live' : 'idle']}>{t(`video.${status}`)}</span>
      </div>
      <div className={styles.body}>
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
