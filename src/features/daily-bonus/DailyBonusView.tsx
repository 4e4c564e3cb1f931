import { useCallback, useEffect, useState } from 'react';
import { getAuthToken } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import { launchStore } from '../../lib/launch';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ErrorState } from '../../ui/error-state/ErrorState';
import { button } from '../../ui/button/button.css';
import { Spinner } from '../../ui/spinner/Spinner';
import { toast } from '../../ui/toast/toast';
import { claimBonus, fetchBonus, fetchBonusUser, type BonusDetail, type BonusUser } from './api';
import { dayIn, weekCalendar } from './week';
import './messages';
import * as styles from './bonus.css';
import { now } from '../../lib/clock';
import { usePageNamedBy } from '../../lib/entity-title';
import { useBlockHeading } from '../../ui/page/page-heading';

/** The daily bonus: this week's calendar, the streak, the next reward and the claim button. */
export function DailyBonusView({ bonusId }: { bonusId: number }) {
  const { t, i18n } = useTranslation();
  const [bonus, setBonus] = useState<BonusDetail | null>(null);
  const [mine, setMine] = useState<BonusUser | null>(null);
  const [failed, setFailed] = useState<'missing' | 'error' | null>(null);
  const [busy, setBusy] = useState(false);
  const loggedIn = Boolean(getAuthToken(launchStore.get().videoToken));
  const load = useCallback(() => {
    fetchBonus(bonusId).then(
      (data) => {
        setBonus(data);
        setFailed(null);
      },
      (error: { xcode?: number }) => setFailed(error.xcode === 404 ? 'missing' : 'error'),
    );
    if (loggedIn) fetchBonusUser(bonusId).then(setMine, () => undefined);
  }, [bonusId, loggedIn]);
  useEffect(load, [load]);

  const name = bonus ? localized(bonus.title, bonus.title_en, i18n.language) : '';
  // The bonus's name titles the page; its own heading would repeat the page's.
  usePageNamedBy(name);
  const heading = useBlockHeading(`bonus-${bonusId}`, name);
  const Subheading = heading.sub;
  if (failed === 'missing') return <EmptyState title={t('dailyBonus.noBonus')} />;
  if (failed && !bonus)
    return (
      <ErrorState title={t('dailyBonus.loadFailed')} actionLabel={t('dailyBonus.retry')} onAction={load} />
    );
  if (!bonus) return <Spinner label={t('ui.loading')} />;

  const unit = t(bonus.reward_kind === 'votes' ? 'dailyBonus.votes' : 'dailyBonus.points');
  // The week shown is the viewer's clock in the organiser's zone; the server decides what a claim counts for.
  const today = mine?.today ?? dayIn(bonus.time_zone, new Date(now()));
  const week = weekCalendar({
    today,
    rewards: bonus.rewards,
    claims: mine?.claims ?? [],
    claimedToday: mine?.claimed_today ?? false,
    streak: mine?.streak ?? 0,
  });
  const weekdays = t('dailyBonus.weekdays').split(',');
  const next = mine?.next_reward ?? { day: today, streak_day: 1, amount: bonus.rewards[0] ?? 0 };

  async function claim() {
    setBusy(true);
    try {
      const result = await claimBonus(bonusId);
      setMine(result);
      toast(t('dailyBonus.claimedToast', { amount: result.amount, unit }));
    } catch {
      // The API helper showed the server's message (already claimed today).
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={heading.labelledBy}>
      {heading.own ? (
        <h2 id={`bonus-${bonusId}`} className={styles.title}>
          {name}
        </h2>
      ) : null}
      <div className={styles.summary}>
        <p className={styles.streak}>
          {mine && mine.streak > 0
            ? t('dailyBonus.streak', { count: mine.streak })
            : t('dailyBonus.noStreak')}
        </p>
        {mine ? <p className={styles.meta}>{t('dailyBonus.total', { amount: mine.total, unit })}</p> : null}
      </div>
      {mine ? (
        <p className={styles.meta}>
          {bonus.reward_kind === 'votes'
            ? t('dailyBonus.extraVotes', { count: mine.extra_votes_today })
            : t('dailyBonus.balance', { amount: mine.points })}
        </p>
      ) : null}
      <Subheading className={styles.meta}>{t('dailyBonus.week')}</Subheading>
      <ol className={styles.week}>
        {week.map((day, index) => (
          <li
            key={day.day}
            className={styles.day[day.state]}
            aria-current={day.state === 'today' ? 'date' : undefined}
          >
            <span className={styles.dayName}>
              {day.state === 'today' ? t('dailyBonus.today') : weekdays[index]}
            </span>
            <span>{day.day.slice(5).replace('-', '/')}</span>
            <span className={styles.dayAmount}>
              {day.state === 'claimed' ? `✓ ${day.amount}` : day.state === 'missed' ? '—' : `+${day.amount}`}
            </span>
          </li>
        ))}
      </ol>
      <p className={styles.next} role="status">
        {t(next.day === today ? 'dailyBonus.nextToday' : 'dailyBonus.nextTomorrow', {
          amount: next.amount,
          unit,
        })}
      </p>
      <p className={styles.meta}>{t('dailyBonus.timeZone', { zone: bonus.time_zone })}</p>
      <button
        type="button"
        className={button({ block: true })}
        disabled={busy || mine?.claimed_today === true}
        onClick={claim}
      >
        {busy
          ? t('dailyBonus.claiming')
          : mine?.claimed_today
            ? t('dailyBonus.claimedToday')
            : t('dailyBonus.claim')}
      </button>
      {bonus.rules ? (
        <p className={styles.meta}>{localized(bonus.rules, bonus.rules_en, i18n.language)}</p>
      ) : null}
    </section>
  );
}
