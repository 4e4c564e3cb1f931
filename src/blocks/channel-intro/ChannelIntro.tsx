import '../../features/channel/messages';
import { useEffect, useId, useState } from 'react';
import { fetchChannelHtml } from '../../features/channel/api';
import { useChannel } from '../../features/channel/store';
import { sanitizeHtml } from '../../features/video/sanitize-html';
import { useTranslation } from '../../lib/i18n';
import { card, heading } from '../../ui/card/card.css';
import * as styles from './ChannelIntro.css';

/** The live introduction: the organiser's HTML block of the channel, sanitized (allow-list) before it is rendered. */
export function ChannelIntro() {
  const { t } = useTranslation();
  const titleId = useId();
  const token = useChannel((state) => state.channelInfo?.token ?? '');
  const refreshCount = useChannel((state) => state.refreshCount);
  const [html, setHtml] = useState('');
  useEffect(() => {
    let current = true;
    if (token)
      fetchChannelHtml(token).then(
        (value) => current && setHtml(value ? sanitizeHtml(value) : ''),
        () => {},
      );
    return () => {
      current = false;
    };
  }, [token, refreshCount]);
  if (!html) return null;
  return (
    <section className={card} aria-labelledby={titleId} data-testid="channel-intro">
      <h2 id={titleId} className={heading}>
        {t('channel.intro')}
      </h2>
      {/* Safe: sanitizeHtml keeps only allow-listed elements and attributes (no scripts or handlers). */}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
