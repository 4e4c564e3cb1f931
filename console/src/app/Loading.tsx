/** What a page of the console shows while its code or its data loads. */
import * as styles from './console.css.ts';
import { useT } from './i18n.ts';

export function Loading() {
  const { t } = useT();
  return (
    <p role="status" className={styles.muted}>
      {t('loading')}
    </p>
  );
}
