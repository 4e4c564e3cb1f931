import '../../features/video/messages';
import { Link } from 'react-router-dom';
import { appConfig } from '../../engine/config';
import { pageShowing } from '../../engine/routes';
import { useLiveRoomData } from '../../features/video/use-live-room-data';
import { activityLinks, fetchEventActivities } from '../../lib/event-activities';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import { card, heading } from '../../ui/card/card.css';
import type { BlockProps } from '../types';
import * as styles from './Activities.css';

/**
 * What the event offers (GET /v3/api/event/activities): a link to each of its open lotteries, daily bonuses and score
 * tables by name, to its check-in and its shop, each to the page config/app.json shows it on. An activity config shows
 * on no page has no link; without any the block shows nothing.
 */
export function Activities(_: BlockProps<'activities'>) {
  const { t, i18n } = useTranslation();
  const { data } = useLiveRoomData('activities', fetchEventActivities);
  const links = data
    ? activityLinks(data, i18n.language).flatMap((link) => {
        const path = pageShowing(appConfig, link.block);
        return path ? [{ ...link, path }] : [];
      })
    : [];
  if (!links.length) return null;
  return (
    <nav className={card} aria-labelledby="activities-heading">
      <h2 id="activities-heading" className={heading}>
        {t('liveRoom.activities.title')}
      </h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.key}>
            <Link className={styles.entry} to={buildPath(link.path, link.extra)}>
              <span>
                {link.title ?? t(`liveRoom.activities.${link.kind === 'shop' ? 'shop' : 'checkIn'}`)}
              </span>
              {link.upcoming ? (
                <span className={styles.upcoming}>{t('liveRoom.activities.upcoming')}</span>
              ) : (
                <span aria-hidden="true">›</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
