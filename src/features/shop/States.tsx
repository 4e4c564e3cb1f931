import { useTranslation } from '../../lib/i18n';
import { button } from '../../ui/button/button.css';
import { Spinner } from '../../ui/spinner/Spinner';
import { actions, card, note } from '../../ui/card/card.css';

/** Loading, failed (with retry) or nothing to show: the same three states on every shop screen. */
export function LoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed) return <Spinner />;
  return (
    <section className={card} role="alert">
      <p className={note}>{t('shop.loadFailed')}</p>
      <div className={actions}>
        <button type="button" className={button({ tone: 'secondary', size: 'sm' })} onClick={onRetry}>
          {t('shop.retry')}
        </button>
      </div>
    </section>
  );
}
