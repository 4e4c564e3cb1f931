import { useTranslation } from '../../lib/i18n';
import { useLoad } from '../../lib/use-load';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ErrorState } from '../../ui/error-state/ErrorState';
import { Spinner } from '../../ui/spinner/Spinner';
import { fetchTodayStars } from './api';
import { useLiveVersion, useVotePolling } from './live-votes';
import { RankRow } from './RankRow';
import { rankList } from './RankRow.css';
import * as styles from './TodayStars.css';

/** Today's star: the players with the most votes received today (China Standard Time), refreshed as votes arrive. */
export function TodayStars({ voteId, limit }: { voteId: number; limit: number }) {
  const { t } = useTranslation();
  useVotePolling(voteId);
  const version = useLiveVersion();
  const {
    data: stars,
    failed,
    reload,
  } = useLoad(() => fetchTodayStars(voteId, limit), [voteId, limit, version]);

  if (failed && !stars) {
    return <ErrorState title={t('vote.loadFailed')} actionLabel={t('vote.retry')} onAction={reload} />;
  }
  if (!stars) return <Spinner label={t('ui.loading')} />;
  return (
    <section aria-labelledby="today-star-title">
      <h2 id="today-star-title" className={styles.sectionTitle}>
        {t('vote.todayStarHeading', { limit })}
      </h2>
      {stars.list.length === 0 ? (
        <EmptyState title={t('vote.noStars')} />
      ) : (
        <ol className={rankList}>
          {stars.list.map((star) => (
            <li key={star.id}>
              <RankRow
                voteId={voteId}
                player={star}
                rank={star.rank}
                figure={t('vote.votesTodayN', { count: star.votes_today })}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
