import { useContext } from 'react';
import { Link } from 'react-router-dom';
import { abbreviateCount } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import type { Contest } from './api';
import { ContestCountdown } from './ContestCountdown';
import { useLiveTotalVotes } from './live-votes';
import { rankPage, scorePage, signUpPage, teamRankPage, todayStarPage } from './routes';
import { button } from '../../ui/button/button.css';
import { actions, body, card, heading, note, title } from '../../ui/card/card.css';
import * as stats from '../../ui/stat-list/stat-list.css';
import * as styles from './ContestHome.css';
import { EARLY_SRC, EARLY_TEXT } from '../../lib/early';
import { usePageNamedBy } from '../../lib/entity-title';
import { PageHeadingContext } from '../../ui/page/page-heading';

/**
 * On a page with a heading (the blocks page) the contest's name is the page's heading (its h1 takes the name, from the
 * early answer on the first screen too): the head then draws no title of its own, loading or loaded.
 */
const useTitledPage = () => useContext(PageHeadingContext);

/**
 * The contest's head before the contest has arrived: the cover's box and, where the page has no heading, the title's
 * line, which the start-up fills from its early answer on the prerendered first screen.
 */
export function ContestHomeLoading() {
  const page = useTitledPage();
  return (
    <section className={card} aria-hidden="true">
      <div className={styles.coverBox}>
        <img className={styles.cover} {...{ [EARLY_SRC]: 'cover' }} alt="" hidden />
      </div>
      {page ? null : (
        <h2 className={title} {...{ [EARLY_TEXT]: 'title' }}>
          {'\u00a0'}
        </h2>
      )}
    </section>
  );
}

/** The contest's head: cover, title, countdown, totals, rules and the ways to its other pages. */
export function ContestHome({ contest, showRules = true }: { contest: Contest; showRules?: boolean }) {
  const { t, i18n } = useTranslation();
  // The contest's name titles its home page ('模板' in config).
  usePageNamedBy(contest.title);
  const page = useTitledPage();
  // The rules are a section of the contest: under the page's h1 when that is the contest's title, else under its h2.
  const RulesHeading = page ? 'h2' : 'h3';
  const totalVotes = useLiveTotalVotes(contest.total_votes);
  const link = (path: string) => buildPath(path, { vote_id: contest.id });
  const pageLink = button({ tone: 'secondary', size: 'compact' });
  const totals = [
    { label: t('vote.players'), value: contest.player_count },
    { label: t('vote.totalVotes'), value: totalVotes },
    { label: t('vote.signUps'), value: contest.sign_up_count },
  ];
  return (
    <section className={card} aria-labelledby={page?.id ?? 'contest-title'}>
      {contest.cover ? <img className={styles.cover} src={contest.cover} alt="" /> : null}
      {page ? null : (
        <h2 id="contest-title" className={title}>
          {contest.title}
        </h2>
      )}
      <ContestCountdown startsAt={contest.starts_at} endsAt={contest.ends_at} />
      <ul className={stats.list}>
        {totals.map((total) => (
          <li key={total.label}>
            <p className={stats.value}>{abbreviateCount(total.value, i18n.language)}</p>
            <p className={stats.label}>{total.label}</p>
          </li>
        ))}
      </ul>
      {showRules && contest.rules ? (
        <>
          <RulesHeading className={heading}>{t('vote.rules')}</RulesHeading>
          <p className={body}>{contest.rules}</p>
        </>
      ) : null}
      {contest.mine ? (
        <p className={note}>{t('vote.votesLeft', { count: contest.mine.votes_left_today })}</p>
      ) : null}
      <nav className={actions} aria-label={t('vote.contestPages')}>
        <Link className={pageLink} to={link(rankPage())}>
          {t('vote.rank')}
        </Link>
        <Link className={pageLink} to={link(teamRankPage())}>
          {t('vote.teamRank')}
        </Link>
        <Link className={pageLink} to={link(scorePage())}>
          {t('vote.scores')}
        </Link>
        <Link className={pageLink} to={link(todayStarPage())}>
          {t('vote.todayStar')}
        </Link>
        {contest.sign_up_open ? (
          <Link className={button({ size: 'compact' })} to={link(signUpPage())}>
            {t('vote.signUp')}
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
