import { memo } from 'react';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import type { Player } from './api';
import { useLiveVotes } from './live-votes';
import { playerPage } from './routes';
import { VoteButton } from './VoteButton';
import { caption } from '../../ui/card/card.css';
import * as styles from './PlayerCard.css';

/** One player in the list: photo, number, name, votes (live, 万 above 4 digits) and the vote button. */
export const PlayerCard = memo(function PlayerCard({ voteId, player }: { voteId: number; player: Player }) {
  const { t } = useTranslation();
  const votes = useLiveVotes(player.id, player.votes);
  return (
    <article className={styles.playerCard} aria-label={player.name}>
      {/* A plain hash link: cheaper than a router <Link> for each of the cards that mount while a list scrolls. */}
      <a
        className={styles.playerLink}
        href={`#${buildPath(playerPage(), { vote_id: voteId, player_id: player.id })}`}
      >
        <img className={styles.playerPhoto} src={player.photo} alt="" decoding="async" />
        <span className={styles.playerBody}>
          <span className={caption}>{t('vote.number', { number: player.number })}</span>
          <span className={styles.playerName}>{player.name}</span>
          <span className={styles.playerVotes} data-testid="player-votes">
            {t('vote.votesN', { count: votes })}
          </span>
        </span>
      </a>
      <div className={styles.playerActions}>
        <VoteButton voteId={voteId} playerId={player.id} playerName={player.name} />
      </div>
    </article>
  );
});
