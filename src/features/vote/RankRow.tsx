import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import type { Player } from './api';
import { useLiveVotes } from './live-votes';
import { playerPage } from './routes';
import { caption } from '../../ui/card/card.css';
import * as styles from './RankRow.css';

/** One line of a ranking: rank, photo, number and name, and the figure the ranking is by (live votes by default). */
export const RankRow = memo(function RankRow({
  voteId,
  player,
  rank,
  figure,
}: {
  voteId: number;
  player: Player;
  rank: number;
  /** What the row shows on the right; the player's live vote count when absent. */
  figure?: ReactNode;
}) {
  const { t } = useTranslation();
  const votes = useLiveVotes(player.id, player.votes);
  return (
    <Link
      className={styles.rankRow}
      to={buildPath(playerPage(), { vote_id: voteId, player_id: player.id })}
      data-testid="rank-row"
    >
      <span className={styles.rankNumber}>{rank}</span>
      <img className={styles.rankPhoto} src={player.photo} alt="" loading="lazy" decoding="async" />
      <span className={styles.rankName}>
        {player.name}
        <span className={caption}> {t('vote.number', { number: player.number })}</span>
      </span>
      <span className={styles.rankVotes}>{figure ?? t('vote.votesN', { count: votes })}</span>
    </Link>
  );
});
