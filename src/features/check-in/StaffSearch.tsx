import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { form, input } from '../../ui/field/Field.css';
import { toast } from '../../ui/toast/toast';
import { fetchActivities, recordCheckIn, searchAttendees, type Activity, type Attendee } from './api';
import './messages';
import { item, itemTitle } from './ActivityLine.css';
import * as styles from './page.css';

/** Staff: find an attendee of the event by name or phone and check them in to an activity. */
export function StaffSearch({ token }: { token: string }) {
  const { t } = useTranslation();
  const [activities, setActivities] = useState<Activity[]>([]);
  const [activityId, setActivityId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<Attendee[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    fetchActivities(token).then(
      (data) => {
        setActivities(data.list);
        setActivityId((current) => current ?? data.list[0]?.id ?? null);
      },
      () => undefined,
    );
  }, [token]);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (activityId === null || !keyword.trim()) return;
    setBusy(true);
    try {
      setResults((await searchAttendees(activityId, keyword.trim())).list);
    } catch {
      // Not staff, or bad input: the API helper showed the message.
    } finally {
      setBusy(false);
    }
  }

  async function checkIn(attendee: Attendee) {
    if (activityId === null) return;
    try {
      const record = await recordCheckIn({ activity_id: activityId, attendee_id: attendee.id });
      toast(t('checkIn.staffSuccess', { name: attendee.name }));
      setResults((current) =>
        (current ?? []).map((item) =>
          item.id === attendee.id ? { ...item, checked_in_at: record.checked_in_at } : item,
        ),
      );
    } catch {
      // Shown by the API helper.
    }
  }

  return (
    <section aria-labelledby="staff-check-in">
      <h2 id="staff-check-in" className={styles.title}>
        {t('checkIn.staff')}
      </h2>
      <form className={form} onSubmit={search}>
        <Field label={t('checkIn.activity')} required>
          {(control) => (
            <select
              {...control}
              className={input()}
              value={activityId ?? ''}
              onChange={(event) => setActivityId(Number(event.target.value))}
            >
              {activities.map((activity) => (
                <option key={activity.id} value={activity.id}>
                  {activity.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('checkIn.keyword')} hint={t('checkIn.keywordHint')} required>
          {(control) => (
            <input
              {...control}
              type="search"
              className={input()}
              value={keyword}
              maxLength={32}
              onChange={(event) => setKeyword(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className={button({ block: true })} disabled={busy || activityId === null}>
          {t('checkIn.search')}
        </button>
      </form>
      {results === null ? null : results.length === 0 ? (
        <EmptyState title={t('checkIn.noResults')} />
      ) : (
        <ul className={styles.list}>
          {results.map((attendee) => (
            <li key={attendee.id} className={item}>
              <div>
                <p className={itemTitle}>{attendee.name}</p>
                <p className={styles.meta}>{attendee.phone}</p>
              </div>
              {attendee.checked_in_at !== null ? (
                <p className={styles.done}>{t('checkIn.checkedIn')}</p>
              ) : (
                <button
                  type="button"
                  className={button({ size: 'sm' })}
                  onClick={() => void checkIn(attendee)}
                  aria-label={t('checkIn.checkInFor', { name: attendee.name })}
                >
                  {t('checkIn.checkIn')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
