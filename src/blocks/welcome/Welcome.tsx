import '../../features/video/messages';
import { useAudience } from '../../features/video/audience';
import { loadWelcome } from '../../features/video/content-api';
import { useVideo } from '../../features/video/store';
import { useLiveRoomData } from '../../features/video/use-live-room-data';
import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import type { BlockProps } from '../types';
import * as styles from './Welcome.css';

/** The organiser's welcome line and how many are watching (GET /v2/api/welcome/masses). */
export function Welcome({ props }: BlockProps<'welcome'>) {
  const { t, i18n } = useTranslation();
  const { data } = useLiveRoomData('welcome', loadWelcome);
  const info = useVideo((state) => state.info);
  const viewers = useAudience(info?.token ?? '', info?.live_status ?? 0, data?.viewers);
  if (!data?.welcome) return null;
  return (
    <section className={styles.root} aria-label={t('liveRoom.welcome')}>
      <p className={styles.text}>{localized(data.welcome, data.welcome_en, i18n.language)}</p>
      {props.showViewers ? (
        <p className={styles.viewers} data-testid="audience">
          {t('liveRoom.watching', { count: viewers ?? data.viewers })}
        </p>
      ) : null}
    </section>
  );
}
