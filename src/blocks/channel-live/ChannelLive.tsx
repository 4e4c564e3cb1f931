import '../../features/channel/messages';
import { useId } from 'react';
import { useChannel } from '../../features/channel/store';
import { openFresh, roomHref } from '../../features/channel/VideoTile';
import { useTranslation } from '../../lib/i18n';
import { card, heading } from '../../ui/card/card.css';
import type { BlockProps } from '../types';
import * as styles from './ChannelLive.css';

/** The 'live now' card: the channel's current live event, opening the channel live room. */
export function ChannelLive({ props }: BlockProps<'channel-live'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const info = useChannel((state) => state.channelInfo);
  if (!info) return null;
  const live = info.live;
  if (!live && props.hideWhenNone) return null;
  return (
    <section className={card} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {t('channel.liveNow')}
      </h2>
      {live ? (
        <>
          <a className={styles.link} href={roomHref(live.token)} onClick={openFresh}>
            <span className={styles.frame}>
              {live.cover ? (
                <img className={styles.image} src={live.cover} alt="" width={390} height={219} />
              ) : null}
              <span className={styles.badge}>{t('channel.status.1')}</span>
            </span>
            <span className={styles.caption}>
              <span>
                <span className={styles.title}>{live.title}</span>
                <span className={styles.meta} data-testid="audience">
                  {t('channel.views', { count: live.views })}
                </span>
              </span>
              <span className={styles.watch}>{t('channel.watchNow')}</span>
            </span>
          </a>
          <p className={styles.count}>{t('channel.liveNowCount', { count: info.lives.length })}</p>
        </>
      ) : (
        <p className={styles.count}>{t('channel.noLive')}</p>
      )}
    </section>
  );
}
