import { useStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';
import { DelayedSpinner } from '../spinner/Spinner';
import { loadingStore } from './loading';
import * as styles from './LoadingOverlay.css';

/** A small centred spinner; it does not block the page, and quick requests (< 300 ms) never show it. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const visible = useStore(loadingStore, (state) => state.visible);
  if (!visible) return null;
  return (
    <div className={styles.overlay}>
      <DelayedSpinner delayMs={300} label={t('ui.loading')} />
    </div>
  );
}
