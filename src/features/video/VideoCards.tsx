import './messages';
import type { MouseEvent, ReactNode } from 'react';
import type { ApiData } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import * as styles from './VideoCards.css';
import { liveRoomPage } from './routes';

export type VideoCard = ApiData<'/v3/api/video/related', 'get'>['list'][number];

/**
 * Another event's live room. The video token is launch data read once per page load, so opening another event loads
 * the page afresh (the link still carries the inviter and the locale).
 */
function openEvent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.location.assign(event.currentTarget.href);
  window.location.reload();
}

/** `action`: a control beside each card (the block's save button), outside the card's link. */
export function VideoCards({
  videos,
  action,
}: {
  videos: readonly VideoCard[];
  action?: (video: VideoCard) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.list}>
      {videos.map((video) => (
        <li key={video.token} className={styles.item}>
          <a
            className={styles.link}
            href={`#${buildPath(liveRoomPage(), { token: video.token })}`}
            onClick={openEvent}
          >
            <span className={styles.thumb}>
              {video.cover ? (
                <img
                  className={styles.image}
                  src={video.cover}
                  alt=""

                  width={160}
                  height={90}
                />
              ) : null}
              <span className={video.live_status === 1 ? styles.liveBadge : styles.badge}>
                {t(`liveRoom.status.${video.live_status}`)}
              </span>
            </span>
            <span className={styles.body}>
              <span className={styles.title}>{video.title}</span>
              <span className={styles.meta} data-testid="audience">
                {t('liveRoom.views', { count: video.views })}
              </span>
            </span>
          </a>
          {action?.(video)}
        </li>
      ))}
    </ul>
  );
}
