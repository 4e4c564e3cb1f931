import '../../features/video/messages';
import { useEffect, useId } from 'react';
import type { Episode } from '../../features/episodes/api';
import { refreshEpisodes, selectEpisode, useEpisodes } from '../../features/episodes/store';
import { useVideo } from '../../features/video/store';
import { formatDuration } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { card, heading } from '../../ui/card/card.css';
import * as styles from './Episodes.css';

const NONE: readonly Episode[] = [];

/** The event's episodes: the one playing is marked, tapping another switches the player to it. */
export function Episodes() {
  const { t } = useTranslation();
  const titleId = useId();
  const token = useVideo((state) => state.info?.token ?? '');
  const refreshCount = useVideo((state) => state.refreshCount);
  const playing = useVideo((state) => state.episode?.id);
  const list = useEpisodes((state) => (state.token === token ? state.list : NONE));

  useEffect(() => {
    if (token) refreshEpisodes(token).catch(() => {});
  }, [token, refreshCount]);

  if (list.length === 0) return null;
  return (
    <section className={card} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {t('liveRoom.episodes')}
        <span className={styles.count}>{t('liveRoom.episodeCount', { count: list.length })}</span>
      </h2>
      <ul className={styles.list}>
        {list.map((episode) => {
          const current = episode.id === playing;
          return (
            <li key={episode.id}>
              <button
                type="button"
                className={styles.item}
                aria-current={current}
                disabled={!episode.stream_url}
                onClick={() => selectEpisode(episode)}
              >
                <span>{episode.title}</span>
                <span className={styles.meta}>
                  {current
                    ? t('liveRoom.playing')
                    : episode.progress > 0
                      ? t('liveRoom.watchedTo', { time: formatDuration(episode.progress) })
                      : formatDuration(episode.duration)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
