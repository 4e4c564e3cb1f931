import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { setRouteTitle } from '../../lib/page-title';
import { useAppNavigate } from '../../lib/navigation';
import { liveRoomPage } from '../../features/video/routes';
import * as buttons from '../../ui/button/button-classes.css';
import * as styles from '../../ui/page/page.css';

/** Unknown routes. Bundled with the app shell (it is tiny) so it shows even when chunks cannot load. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const title = t('app.notFound');
  // Its own title: never the previous page's.
  useEffect(() => setRouteTitle(title), [title]);
  return (
    <main className={styles.page}>
      <section className={styles.hero}>
        <h1 className={styles.title}>{t('app.notFound')}</h1>
        <p className={styles.hint}>{t('app.notFoundHint')}</p>
        <button type="button" className={buttons.primary} onClick={() => navigate(liveRoomPage())}>
          {t('app.goHome')}
        </button>
      </section>
    </main>
  );
}
