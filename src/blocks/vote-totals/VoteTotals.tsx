import '../../features/video/messages';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { Link } from 'react-router-dom';
import { loadVoteTotals } from '../../features/video/content-api';
import { useLiveRoomData } from '../../features/video/use-live-room-data';
import { contestPage } from '../../features/vote/routes';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import { button } from '../../ui/button/button.css';
import type { BlockProps } from '../types';
import { card, heading } from '../../ui/card/card.css';
import * as styles from './VoteTotals.css';

/**
 * Vote totals of the event's contests with the leading players (GET /v3/api/video/vote-total-list), each with a link
 * to its contest's home page (the link keeps the event token, inviter and language like every in-app link).
 */
export function VoteTotals({ props }: BlockProps<'vote-totals'>) {
  const { t } = useTranslation();
  const { data } = useLiveRoomData(`vote-totals:${props.leaders}`, (token) =>
    loadVoteTotals(token, props.leaders),
  );
  if (!data?.contests.length) return null;
  return (
    <>
      {data.contests.map((contest) => {
        const top = contest.players[0]?.votes || 1;
        return (
          <section key={contest.id} className={card} aria-label={contest.title}>
            <h2 className={heading}>{t('liveRoom.voteTotals', { title: contest.title })}</h2>
            <p className={styles.total}>{t('liveRoom.totalVotes', { count: contest.total_votes })}</p>
            <ol className={styles.list}>
              {contest.players.map((player, index) => (
                <li key={player.id} className={styles.row}>
                  <span className={styles.rank}>{index + 1}</span>
                  <span className={styles.name}>
                    {t('liveRoom.player', { number: player.number, name: player.name })}
                  </span>
                  <span className={styles.votes}>{t('liveRoom.votes', { count: player.votes })}</span>
                  <span
                    className={styles.bar}
                    aria-hidden="true"
                    style={assignInlineVars({ [styles.share]: `${Math.round((player.votes / top) * 100)}%` })}
                  />
                </li>
              ))}
            </ol>
            <Link
              className={`${button({ tone: 'secondary', size: 'sm' })} ${styles.contestLink}`}
              to={buildPath(contestPage(), { vote_id: contest.id })}
            >
              {t('liveRoom.openContest')}
            </Link>
          </section>
        );
      })}
    </>
  );
}
