import '../../features/video/messages';
import { useMemo } from 'react';
import { loadImageText } from '../../features/video/content-api';
import { sanitizeHtml } from '../../features/video/sanitize-html';
import { useLiveRoomData } from '../../features/video/use-live-room-data';
import { useTranslation } from '../../lib/i18n';
import * as styles from './ImageText.css';

/** The image-text introduction: organiser HTML from the server, sanitized (allow-list) before it is rendered. */
export function ImageText() {
  const { t } = useTranslation();
  const { data } = useLiveRoomData('image-text', loadImageText);
  const html = useMemo(() => (data?.html ? sanitizeHtml(data.html) : ''), [data]);
  if (!html) return null;
  return (
    <section className={styles.root} aria-label={t('liveRoom.imageText')} data-testid="image-text">
      <h2 className={styles.heading}>{t('liveRoom.imageText')}</h2>
      {/* Safe: sanitizeHtml keeps only allow-listed elements and attributes (no scripts or handlers). */}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
