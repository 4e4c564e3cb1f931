import './messages';
import type { MouseEvent } from 'react';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import { Highlight } from './Highlight';
import { channelRoomPage } from './routes';
import type { ChannelVideo } from './store';
import * as styles from './VideoTile.css';

/** The channel live room of one of the channel's videos (the channel token rides along with the navigation helper). */
export function roomHref(videoToken: string): string {
  return `#${buildPath(channelRoomPage(), { token: videoToken })}`;
}

/**
 * The video token is launch data read once per page load, so opening a video loads the page afresh (the link still
 * carries the channel, the inviter and the locale).
 */
export function openFresh(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.location.assign(event.currentTarget.href);
  window.location.reload();
}

/** One video of the channel: cover with live state and price/password marks, title, view count. */
export function VideoTile({ video, keyword }: { video: ChannelVideo; keyword?: string }) {
  const { t } = useTranslation();
  return (
    <a className={styles.tile} href={roomHref(video.token)} onClick={openFresh}>
      <span className={styles.thumb}>
        {video.cover ? (
          <img className={styles.image} src={video.cover} alt="" loading="lazy" width={160} height={90} />
        ) : null}
        <span className={video.live_status === 1 ? styles.liveStatus : styles.status}>
          {t(`channel.status.${video.live_status as 0 | 1 | 2}`)}
        </span>
        {video.price_cents > 0 ? (
          <span className={styles.price}>
            {t('channel.price', { price: formatPrice(video.price_cents) })}
          </span>
        ) : video.has_password ? (
          <span className={styles.lock}>{t('channel.locked')}</span>
        ) : null}
      </span>
      <span className={styles.tileBody}>
        <span className={styles.tileTitle}>
          {keyword ? <Highlight text={video.title} keyword={keyword} /> : video.title}
        </span>
        <span className={styles.tileMeta} data-testid="audience">
          {t('channel.views', { count: video.views })}
        </span>
      </span>
    </a>
  );
}
