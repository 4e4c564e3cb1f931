import { useTranslation } from '../../lib/i18n';
import { useLoad } from '../../lib/use-load';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ErrorState } from '../../ui/error-state/ErrorState';
import { Spinner } from '../../ui/spinner/Spinner';
import { fetchTeamRank } from './api';
import { useLiveVersion, useVotePolling } from './live-votes';
import { caption } from '../../ui/card/card.css';
import * as styles from './RankRow.css';

/** Team rankings: teams by the sum of their players' votes; refetched when polled counts change. */
export function TeamRankBoard({ voteId }: { voteId: number }) {
  const { t } = useTranslation();
  useVotePolling(voteId);
  const version = useLiveVersion();
  const { data, failed, reload } = useLoad(() => fetchTeamRank(voteId), [voteId, version]);
  const teams = data?.list;

  if (failed && !teams) {
    return <ErrorState title={t('vote.loadFailed')} actionLabel={t('vote.retry')} onAction={reload} />;
  }
  if (!teams) return <Spinner label={t('ui.loading')} />;
  if (teams.length === 0) return <EmptyState title={t('vote.noTeams')} />;
  return (
    <ol className={styles.rankList} aria-label={t('vote.teamRank')}>
      {teams.map((team) => (
        <li key={team.id} className={styles.shortRow} data-testid="team-row">
          <span className={styles.rankNumber}>{team.rank}</span>
          <span className={styles.rankName}>
            {team.name}
            <span className={caption}> {t('vote.playersN', { count: team.player_count })}</span>
          </span>
          <span className={styles.rankVotes}>{t('vote.votesN', { count: team.votes })}</span>
        </li>
      ))}
    </ol>
  );
}
