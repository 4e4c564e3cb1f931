import { useTranslation } from '../../lib/i18n';
import { useVideo } from '../../features/video/store';
import { streamOf } from '../../features/video/stream';
import { Player } from '../../features/player/Player';
import { AccessGate } from '../../features/access/AccessGate';
import { accessGate } from '../../features/access/gate';
import type { BlockProps } from '../types';
import * as styles from './HomeVideo.css';

/** The live room's player: the live stream while live, else the replay; nothing when the event has no stream. */
export function HomeVideo({ props }: BlockProps<{ preferReplay?: boolean }>) {
  const { t } = useTranslation();
  const info = useVideo((state) => state.info);
  const stream = info ? streamOf(info, props.preferReplay ?? false) : null;
  if (!info) return null;
  // A password, the information form or a payment stands first: the gate explains and opens its pop-up.
  const gate = accessGate(info);
  if (gate) return <AccessGate info={info} gate={gate} />;
  if (!stream) {
    // No stream yet (not started): show the cover.
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
