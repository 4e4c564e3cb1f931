import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { Activity } from './api';
import { formatTime } from './time';
import './messages';
import { meta } from './page.css';
import * as styles from './ActivityLine.css';

/** One activity: title, place, time window, location radius, how many checked in; the action on the right. */
export function ActivityLine({ activity, children }: { activity: Activity; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={styles.item}>
      <div>
        <p className={styles.itemTitle}>{activity.title}</p>
        <p className={meta}>{activity.place}</p>
        <p className={meta}>
          {t('checkIn.time', {
            start: formatTime(activity.starts_at, i18n.language),
            end: formatTime(activity.ends_at, i18n.language),
          })}
        </p>
        {activity.location ? (
          <p className={meta}>{t('checkIn.needsLocation', { radius: activity.location.radius_m })}</p>
        ) : null}
        <p className={meta}>{t('checkIn.count', { count: activity.checked_in_count })}</p>
      </div>
      {children}
    </li>
  );
}
