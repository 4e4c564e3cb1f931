import { useTranslation } from '../../lib/i18n';
import { useVideo } from '../../features/video/store';
import { streamOf } from '../../features/video/stream';
import { Player } from '../../features/player/Player';
import type { BlockProps } from '../types';

/** The live room's player: the live stream while live, else the replay; nothing when the event has no stream. */
export function HomeVideo({ props }: BlockProps<{ preferReplay?: boolean }>) {
  const { t } = useTranslation();
  const info = useVideo((state) => state.info);
  const stream = info ? streamOf(info, props.preferReplay ?? false) : null;
  if (!info || !stream) return null;
  return <Player src={stream.url} live={stream.live} poster={info.cover || undefined} needs={stream.needs} label={t('player.label', { title: info.title })} />;
}
