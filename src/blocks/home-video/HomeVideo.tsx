import { useTranslation } from '../../lib/i18n';
import { useVideo } from '../../features/video/store';
import { streamOf } from '../../features/video/stream';
import { Player } from '../../features/player/Player';
import type { BlockProps } from '../types';
import * as styles from './HomeVideo.css';

/** The live room's player: the live stream while live, else the replay; nothing when the event has no stream. */
export function HomeVideo({ props }: BlockProps<{ preferReplay?: boolean }>) {
  const { t } = useTranslation();
  const info = useVideo((state) => state.info);
  const stream = info ? streamOf(info, props.preferReplay ?? false) : null;
  if (!info) return null;
  if (!stream) {
    // No stream for this viewer (not started, or a gate such as a password stands first): show the cover.
    return info.cover ? (
      <img className={styles.cover} src={info.cover} alt="" width={390} height={219} />
    ) : null;
  }
  return (
    <Player
      src={stream.url}
      live={stream.live}
      poster={info.cover || undefined}
      needs={stream.needs}
      label={t('player.label', { title: info.title })}
    />
  );
}
