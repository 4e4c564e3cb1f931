import './broadcast-messages';
import { useTranslation } from '../../lib/i18n';
import { useBroadcastNotice } from './broadcast';
import * as styles from './BroadcastNotice.css';

/** The broadcast's passing state over the player or its cover (reconnecting, ended, interrupted); nothing otherwise. */
export function BroadcastNotice() {
  const { t } = useTranslation();
  const notice = useBroadcastNotice();
  if (!notice) return null;
  return (
    <p className={styles.notice} role="status" data-broadcast={notice}>
      {t(`broadcast.${notice}`)}
    </p>
  );
}
