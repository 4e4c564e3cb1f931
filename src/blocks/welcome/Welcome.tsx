import '../../features/video/messages';
import { loadWelcome } from '../../features/video/content-api';
import { useLiveRoomData } from '../../features/video/use-live-room-data';
import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import type { BlockProps } from '../types';
import * as styles from './Welcome.css';

/** The organiser's welcome line and how many are watching (GET /v2/api/welcome/masses). */
export function Welcome({ props }: BlockProps<'welcome'>) {
  const { t, i18n } = useTranslation();
  const { data } = useLiveRoomData('welcome', loadWelcome);
  if (!data?.welcome) return null;
  return (
    <section className={styles.root} aria-label={t('liveRoom.welcome')}>
      <p className={styles.text}>{localized(data.welcome, data.welcome_en, i18n.language)}</p>
      {props.showViewers ? (
        <p className={styles.viewers}>{t('liveRoom.watching', { count: data.viewers })}</p>
      ) : null}
    </section>
  );
}
