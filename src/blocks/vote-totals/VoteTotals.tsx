import '../../features/video/messages';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { loadVoteTotals } from '../../features/video/content-api';
import { useLiveRoomData } from '../../features/video/use-live-room-data';
import { abbreviateCount } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import type { BlockProps } from '../types';
import { card, heading } from '../block.css';
import * as styles from './VoteTotals.css';

/** Vote totals of the event's contests with the leading players (GET /v3/api/video/vote-total-list). */
export function VoteTotals({ props }: BlockProps<{ leaders?: number }>) {
  const { t, i18n } = useTranslation();
  const { data } = useLiveRoomData(`vote-totals:${props.leaders ?? 5}`, (token) =>
    loadVoteTotals(token, props.leaders ?? 5),
  );
  if (!data?.contests.length) return null;
  const count = (value: number) => abbreviateCount(value, i18n.language);
  return (
    <>
      {data.contests.map((contest) => {
        const top = contest.players[0]?.votes || 1;
        return (
          <section key={contest.id} className={card} aria-label={contest.title}>
            <h2 className={heading}>{t('liveRoom.voteTotals', { title: contest.title })}</h2>
            <p className={styles.total}>{t('liveRoom.totalVotes', { count: count(contest.total_votes) })}</p>
            <ol className={styles.list}>
              {contest.players.map((player, index) => (
                <li key={player.id} className={styles.row}>
                  <span className={styles.rank}>{index + 1}</span>
                  <span className={styles.name}>
                    {t('liveRoom.player', { number: player.number, name: player.name })}
                  </span>
                  <span className={styles.votes}>{t('liveRoom.votes', { count: count(player.votes) })}</span>
                  <span
                    className={styles.bar}
                    aria-hidden="true"
                    style={assignInlineVars({ [styles.share]: `${Math.round((player.votes / top) * 100)}%` })}
                  />
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </>
  );
}
