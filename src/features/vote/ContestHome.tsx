import { Link } from 'react-router-dom';
import { abbreviateCount } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import type { Contest } from './api';
import { ContestCountdown } from './ContestCountdown';
import { useLiveTotalVotes } from './live-votes';
import { RANK_PAGE, SCORE_PAGE, SIGN_UP_PAGE, TEAM_RANK_PAGE, TODAY_STAR_PAGE } from './routes';
import * as styles from './vote.css';

/** The contest's head: cover, title, countdown, totals, rules and the ways to its other pages. */
export function ContestHome({ contest, showRules = true }: { contest: Contest; showRules?: boolean }) {
  const { t, i18n } = useTranslation();
  const totalVotes = useLiveTotalVotes(contest.total_votes);
  const link = (path: string) => buildPath(path, { vote_id: contest.id });
  const totals = [
    { label: t('vote.players'), value: contest.player_count },
    { label: t('vote.totalVotes'), value: totalVotes },
    { label: t('vote.signUps'), value: contest.sign_up_count },
  ];
  return (
    <section className={styles.section} aria-labelledby="contest-title">
      {contest.cover ? <img className={styles.cover} src={contest.cover} alt="" /> : null}
      <h2 id="contest-title" className={styles.contestTitle}>
        {contest.title}
      </h2>
      <ContestCountdown startsAt={contest.starts_at} endsAt={contest.ends_at} />
      <ul className={styles.totals}>
        {totals.map((total) => (
          <li key={total.label}>
            <p className={styles.totalValue}>{abbreviateCount(total.value, i18n.language)}</p>
            <p className={styles.totalLabel}>{total.label}</p>
          </li>
        ))}
      </ul>
      {showRules && contest.rules ? (
        <>
          <h3 className={styles.heading}>{t('vote.rules')}</h3>
          <p className={styles.rules}>{contest.rules}</p>
        </>
      ) : null}
      {contest.mine ? (
        <p className={styles.muted}>{t('vote.votesLeft', { count: contest.mine.votes_left_today })}</p>
      ) : null}
      <nav className={styles.actions} aria-label={t('vote.contestPages')}>
        <Link className={styles.ghostButton} to={link(RANK_PAGE)}>
          {t('vote.rank')}
        </Link>
        <Link className={styles.ghostButton} to={link(TEAM_RANK_PAGE)}>
          {t('vote.teamRank')}
        </Link>
        <Link className={styles.ghostButton} to={link(SCORE_PAGE)}>
          {t('vote.scores')}
        </Link>
        <Link className={styles.ghostButton} to={link(TODAY_STAR_PAGE)}>
          {t('vote.todayStar')}
        </Link>
        {contest.sign_up_open ? (
          <Link className={styles.smallButton} to={link(SIGN_UP_PAGE)}>
            {t('vote.signUp')}
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
