import { useEffect, useState } from 'react';
import { countdown } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { contestPhase } from './contest-clock';
import * as styles from './ContestCountdown.css';
import { now as readClock } from '../../lib/clock';

/** "Ends in 3 d 04 h 05 min 06 s", ticking each second; the app's clock (frozen in screenshot tests). */
export function ContestCountdown({ startsAt, endsAt }: { startsAt: number; endsAt: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(readClock);
  useEffect(() => {
    const timer = setInterval(() => setNow(readClock()), 1000);
    return () => clearInterval(timer);
  }, []);
  const { phase, remainingMs } = contestPhase(now, startsAt, endsAt);
  if (phase === 'ended') {
    return (
      <p className={styles.countdown} role="timer">
        {t('vote.ended')}
      </p>
    );
  }
  const parts = countdown(remainingMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    <p className={styles.countdown} role="timer">
      <span>{phase === 'upcoming' ? t('vote.startsIn') : t('vote.endsIn')}</span>{' '}
      <span className={styles.countdownDigits}>
        {t('vote.countdown', {
          days: parts.days,
          hours: pad(parts.hours),
          minutes: pad(parts.minutes),
          seconds: pad(parts.seconds),
        })}
      </span>
    </p>
  );
}
