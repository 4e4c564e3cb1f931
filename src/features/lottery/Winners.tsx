import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import { useLoad } from '../../lib/use-load';
import { fetchWinners, type Winner } from './api';
import './messages';
import * as styles from './Winners.css';

/** The winners marquee: recent winners, names and phones masked by the server; still when motion is reduced. */
export function Winners({ lotteryId, limit }: { lotteryId: number; limit: number }) {
  const { t, i18n } = useTranslation();
  const { data, failed } = useLoad(() => fetchWinners(lotteryId, limit), [lotteryId, limit]);
  // A marquee that cannot load says there are no winners yet.
  const winners = failed ? [] : data?.list;
  if (!winners) return null;
  const line = (winner: Winner) =>
    t('lottery.winnerLine', {
      name: winner.name,
      phone: winner.phone,
      prize: localized(winner.prize, winner.prize_en, i18n.language),
    });
  return (
    <section aria-label={t('lottery.winners')} className={styles.marquee}>
      {winners.length === 0 ? (
        <p className={styles.marqueeItem}>{t('lottery.noWinners')}</p>
      ) : (
        <div className={styles.marqueeTrack}>
          <ul className={styles.marqueeList}>
            {winners.map((winner) => (
              <li key={winner.id} className={styles.marqueeItem}>
                {line(winner)}
              </li>
            ))}
          </ul>
          {/* The second copy makes the loop seamless; readers get the list once. */}
          <ul className={styles.marqueeList} aria-hidden="true">
            {winners.map((winner) => (
              <li key={winner.id} className={styles.marqueeItem}>
                {line(winner)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
