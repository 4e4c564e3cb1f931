import { useCallback, useEffect, useState } from 'react';
import { getAuthToken } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { button } from '../../ui/button/button.css';
import { Spinner } from '../../ui/spinner/Spinner';
import { fetchMine, type Activity } from './api';
import { ActivityLine } from './ActivityLine';
import { onCheckInRecorded } from './recorded';
import { formatTime } from './time';
import './messages';
import * as styles from './page.css';

/** The activities I checked in to, with the time of each check-in. */
export function MyCheckIns({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const loggedIn = Boolean(getAuthToken(launchStore.get().videoToken));
  const [list, setList] = useState<Activity[] | null>(null);
  const load = useCallback(() => {
    fetchMine(token).then(
      (data) => setList(data.list),
      () => undefined,
    );
  }, [token]);
  useEffect(() => {
    if (loggedIn) load();
  }, [loggedIn, load]);
  // A check-in made on this page shows here at once, not after a reload.
  useEffect(() => onCheckInRecorded(load), [load]);
  return (
    <section aria-labelledby="my-check-ins">
      <h2 id="my-check-ins" className={styles.title}>
        {t('checkIn.mine')}
      </h2>
      {!loggedIn ? (
        <>
          <p className={styles.meta}>{t('checkIn.loginForMine')}</p>
          <button type="button" className={button({ size: 'sm' })} onClick={load}>
            {t('checkIn.login')}
          </button>
        </>
      ) : !list ? (
        <Spinner label={t('ui.loading')} />
      ) : list.length === 0 ? (
        <EmptyState title={t('checkIn.noMine')} />
      ) : (
        <ul className={styles.list}>
          {list.map((activity) => (
            <ActivityLine key={activity.id} activity={activity}>
              <p className={styles.done}>
                {t('checkIn.checkedInAt', { time: formatTime(activity.checked_in_at ?? 0, i18n.language) })}
              </p>
            </ActivityLine>
          ))}
        </ul>
      )}
    </section>
  );
}
