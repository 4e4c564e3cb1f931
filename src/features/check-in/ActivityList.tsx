import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ErrorState } from '../../ui/error-state/ErrorState';
import { button } from '../../ui/button/button.css';
import { Spinner } from '../../ui/spinner/Spinner';
import { toast } from '../../ui/toast/toast';
import { fetchActivities, fetchGroups, recordCheckIn, type Activity, type Group } from './api';
import { ActivityLine } from './ActivityLine';
import { currentPosition, LocationError } from './location';
import { checkInRecorded } from './recorded';
import './messages';
import { done, list, meta, title } from './page.css';
import * as styles from './ActivityList.css';

/** An event's check-in activities by group, each with its check-in button (location asked for first where needed). */
export function ActivityList({ token }: { token: string }) {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [activities, setActivities] = useState<Activity[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [asking, setAsking] = useState<Activity | null>(null);

  const load = useCallback(() => {
    fetchGroups(token).then(
      (data) => setGroups(data.list),
      () => setFailed(true),
    );
    fetchActivities(token, groupId).then(
      (data) => {
        setActivities(data.list);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [token, groupId]);
  useEffect(load, [load]);

  async function checkIn(activity: Activity, withLocation: boolean) {
    setAsking(null);
    setBusy(activity.id);
    try {
      let position = {};
      if (withLocation) {
        try {
          position = await currentPosition();
        } catch (error) {
          toast(
            t(
              error instanceof LocationError && error.reason === 'denied'
                ? 'checkIn.locationDenied'
                : 'checkIn.locationFailed',
            ),
            {
              durationMs: 4000,
            },
          );
          return;
        }
      }
      const record = await recordCheckIn({ activity_id: activity.id, ...position });
      toast(t(record.repeated ? 'checkIn.already' : 'checkIn.success'));
      setActivities((current) =>
        (current ?? []).map((item) =>
          item.id === activity.id
            ? {
                ...item,
                checked_in_at: record.checked_in_at,
                checked_in_count: item.checked_in_count + (record.repeated ? 0 : 1),
              }
            : item,
        ),
      );
      checkInRecorded();
    } catch {
      // The API helper showed the server's message (too far, closed).
    } finally {
      setBusy(null);
    }
  }

  if (failed && !activities)
    return <ErrorState title={t('checkIn.loadFailed')} actionLabel={t('checkIn.retry')} onAction={load} />;
  if (!activities || !groups) return <Spinner label={t('ui.loading')} />;
  return (
    <section aria-labelledby="check-in-title">
      <h2 id="check-in-title" className={title}>
        {t('checkIn.groups')}
      </h2>
      <div className={styles.tabs} role="group" aria-label={t('checkIn.groups')}>
        <button
          type="button"
          className={styles.tab}
          aria-pressed={groupId === undefined}
          onClick={() => setGroupId(undefined)}
        >
          {t('checkIn.all')}
        </button>
        {groups.map((group) => (
          <button
            key={group.id}
            type="button"
            className={styles.tab}
            aria-pressed={groupId === group.id}
            onClick={() => setGroupId(group.id)}
          >
            {group.name}
          </button>
        ))}
      </div>
      {activities.length === 0 ? (
        <EmptyState title={t('checkIn.noActivities')} />
      ) : (
        <ul className={list}>
          {activities.map((activity) => (
            <ActivityLine key={activity.id} activity={activity}>
              {activity.checked_in_at !== null ? (
                <p className={done}>{t('checkIn.checkedIn')}</p>
              ) : activity.status === 'open' ? (
                <button
                  type="button"
                  className={button({ size: 'sm' })}
                  disabled={busy !== null}
                  aria-label={`${t('checkIn.checkIn')} ${activity.title}`}
                  onClick={() => (activity.location ? setAsking(activity) : void checkIn(activity, false))}
                >
                  {busy === activity.id ? t('checkIn.checkingIn') : t('checkIn.checkIn')}
                </button>
              ) : (
                <p className={meta}>
                  {t(activity.status === 'ended' ? 'checkIn.ended' : 'checkIn.notStarted')}
                </p>
              )}
            </ActivityLine>
          ))}
        </ul>
      )}
      <BottomPopup open={asking !== null} onClose={() => setAsking(null)} title={t('checkIn.locationTitle')}>
        <p className={styles.message}>{t('checkIn.locationMessage')}</p>
        <div className={styles.row}>
          <button
            type="button"
            className={button({ tone: 'secondary', block: true })}
            onClick={() => setAsking(null)}
          >
            {t('checkIn.cancel')}
          </button>
          <button
            type="button"
            className={button({ block: true })}
            onClick={() => asking && void checkIn(asking, true)}
          >
            {t('checkIn.allowLocation')}
          </button>
        </div>
      </BottomPopup>
    </section>
  );
}
