import { useTranslation } from '../../lib/i18n';
import { useVideo } from '../../features/video/store';
import * as styles from './Announcement.css';

/** The event's announcement line; hidden when the event has none. */
export function Announcement() {
  const { t } = useTranslation();
  const text = useVideo((state) => state.info?.announcement);
  if (!text) return null;
  return (
    <section className={styles.root} aria-label={t('video.announcement')}>
      <span className={styles.label}>{t('video.announcement')}</span>
      <p className={styles.text}>{text}</p>
    </section>
  );
}
