import { useTranslation } from '../../lib/i18n';
import { button } from '../../ui/button/button.css';
import { Spinner } from '../../ui/spinner/Spinner';
import * as styles from './shop.css';

/** Loading, failed (with retry) or nothing to show: the same three states on every shop screen. */
export function LoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed) return <Spinner />;
  return (
    <section className={styles.section} role="alert">
      <p className={styles.muted}>{t('shop.loadFailed')}</p>
      <div className={styles.actions}>
        <button type="button" className={button({ tone: 'secondary', size: 'sm' })} onClick={onRetry}>
          {t('shop.retry')}
        </button>
      </div>
    </section>
  );
}
