import { useTranslation } from '../../lib/i18n';
import * as styles from './ComingSoon.css';

/** Routes whose screens are not built yet say so plainly instead of showing an empty page. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <section className={styles.root}>
      <h2 className={styles.title}>{t('app.comingSoon')}</h2>
      <p className={styles.hint}>{t('app.comingSoonHint')}</p>
    </section>
  );
}
