import '../system-messages';
import { useSearchParams } from 'react-router-dom';
import { appConfig } from '../../engine/config';
import { useTranslation } from '../../lib/i18n';
import { isAllowedExternalUrl } from '../../lib/safe-url';
import { SystemPage } from '../choose-location/SystemPage';
import { button } from '../../ui/button/button.css';
import * as styles from '../choose-location/SystemPage.css';
import { frame } from './MyWebviewPage.css';

const allowList: readonly string[] = appConfig.constants.externalLinkAllowList ?? [];

/**
 * Permissions of the embedded page: its own scripts, forms and origin (it is another origin, so this grants nothing
 * of ours), new windows for its own links; never navigating or replacing this app (no allow-top-navigation).
 */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/**
 * /pages/my_webview/index?url=<https link>: an external page embedded in the app, only for https links whose host is
 * on the config's external-link allow-list; anything else gets a clear refusal instead of a frame.
 */
export default function MyWebviewPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = params.get('url')?.trim() ?? '';
  const title = params.get('title')?.trim() || t('system.webview.title');

  if (!isAllowedExternalUrl(url, allowList)) {
    return (
      <SystemPage title={t('system.webview.title')}>
        <section className={styles.card} role="alert">
          <h2 className={styles.cardTitle}>{t('system.webview.notAllowed')}</h2>
          <p className={styles.muted}>{t('system.webview.notAllowedHint')}</p>
          {url ? <p className={styles.text}>{url}</p> : null}
        </section>
      </SystemPage>
    );
  }

  return (
    <SystemPage title={title}>
      <iframe
        className={frame}
        src={url}
        title={title}
        sandbox={SANDBOX}
        referrerPolicy="no-referrer"
        allow="fullscreen"
      />
      <a className={button({ tone: 'secondary' })} href={url} target="_blank" rel="noopener noreferrer">
        {t('system.webview.openDirectly')}
      </a>
    </SystemPage>
  );
}
