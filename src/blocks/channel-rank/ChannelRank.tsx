import '../../features/channel/messages';
import { channelRankPage } from '../../features/channel/routes';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import { card, heading } from '../../ui/card/card.css';
import type { BlockProps } from '../types';
import * as styles from './ChannelRank.css';

/** The channel rank entry: opens the channel's rankings page (channel rank index) for the configured contest. */
export function ChannelRank({ props }: BlockProps<'channel-rank'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const href = `#${buildPath(channelRankPage(), { vote_id: props.voteId })}`;
  return (
    <section className={card} aria-labelledby={titleId}>
      <a className={styles.link} href={href}>
        <span>
          <h2 id={titleId} className={heading}>
            {t('channel.rank')}
          </h2>
          <p className={styles.hint}>{t('channel.rankHint')}</p>
        </span>
        <span className={styles.open}>{t('channel.rankOpen')}</span>
      </a>
    </section>
  );
}
