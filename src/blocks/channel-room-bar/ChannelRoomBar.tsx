import '../../features/channel/messages';
import { useChannel } from '../../features/channel/store';
import { openFresh, roomHref } from '../../features/channel/VideoTile';
import { channelPage } from '../../features/channel/routes';
import { useVideo } from '../../features/video/store';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { buildPath } from '../../lib/navigation';
import type { BlockProps } from '../types';
import * as styles from './ChannelRoomBar.css';

/** The channel live room's bar: back to the channel home, and the channel's other live events. */
export function ChannelRoomBar({ props }: BlockProps<'channel-room-bar'>) {
  const { t } = useTranslation();
  const info = useChannel((state) => state.channelInfo);
  const current = useVideo((state) => state.info?.token);
  if (!info) return null;
  const others = info.lives.filter((live) => live.token !== current).slice(0, props.others);
  return (
    <nav className={styles.bar} aria-label={info.title}>
      <div className={styles.top}>
        <a
          className={styles.back}
          href={`#${buildPath(channelPage(), { channelToken: info.token }, { ...launchStore.get(), videoToken: '' })}`}
        >
          {t('channel.backToChannel')}
        </a>
        <p className={styles.name}>{info.title}</p>
      </div>
      {others.length ? (
        <ul className={styles.others} aria-label={t('channel.otherLives')}>
          {others.map((live) => (
            <li key={live.token}>
              <a className={styles.other} href={roomHref(live.token)} onClick={openFresh}>
                {live.title}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
