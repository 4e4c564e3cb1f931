import '../system-messages';
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import * as styles from './SystemPage.css';

/** Back where the viewer came from, or to the entry page when this page was opened directly (a shared link). */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // React Router numbers its history entries; idx 0 means there is no in-app page to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(buildPath('/'), { replace: true });
  }, [navigate]);
}

/** The shell of the plain system pages: a back button, the page title as the heading, then the content. */
export function SystemPage({ title, children }: { title: string; children: ReactNode }): React.JSX.Element {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <button type="button" className={styles.backButton} onClick={goBack}>
          <span aria-hidden="true">‹ </span>
          {t('system.back')}
        </button>
        <h1 className={styles.title}>{title}</h1>
      </header>
      <div className={styles.content}>{children}</div>
    </main>
  );
}
