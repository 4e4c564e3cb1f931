import './texts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { appConfig } from '../../engine/config';
import { getAuthToken } from '../../lib/auth';
import { recentApiErrors, request } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { setupJsSdk } from '../../lib/wechat/setup';
import { compareVersions, isWeChat, MIN_SHARE_VERSION, wechatVersion } from '../../lib/wechat/user-agent';
import { button } from '../../ui/button/button.css';
import { card } from '../../ui/card/card.css';
import { actions, heading } from './page.css';
import * as styles from './DiagnosticsPage.css';

type RowKey =
  | 'appVersion'
  | 'userAgent'
  | 'wechat'
  | 'share'
  | 'pay'
  | 'openTag'
  | 'jsSdk'
  | 'loggedIn'
  | 'locale'
  | 'theme'
  | 'network'
  | 'latency'
  | 'errors';
type Row = { key: RowKey; value: string };

/** The theme on <html> (`data-theme`, set by the app's theme root), followed as it changes. */
function subscribeToDocumentTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
const documentTheme = () => document.documentElement.dataset.theme;

/**
 * What support needs from a viewer's phone: app version, browser, WeChat version and what it supports, the JS-SDK
 * config result, login state, locale, theme, network type, a latency test to the API and the last API errors, with
 * a copy-all button.
 */
export function DiagnosticsPage() {
  const { t, i18n } = useTranslation();
  const [jsSdk, setJsSdk] = useState(isWeChat() ? t('account.diag.pending') : t('account.diag.notWechat'));
  const [latency, setLatency] = useState('');
  const [copied, setCopied] = useState('');
  const theme = useSyncExternalStore(subscribeToDocumentTheme, documentTheme);
  const version = wechatVersion();
  const modern = version !== null && compareVersions(version, MIN_SHARE_VERSION) >= 0;
  const yes = (value: boolean) => (value ? t('account.diag.yes') : t('account.diag.no'));

  useEffect(() => {
    if (!isWeChat()) return;
    setupJsSdk()
      .then(() => setJsSdk('ok'))
      .catch((error: unknown) => setJsSdk(error instanceof Error ? error.message : String(error)));
  }, []);

  const measure = async () => {
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      try {
        await request('GET', '/v2/api/mini/index', undefined, { quiet: true, noErrorToast: true });
        times.push(performance.now() - started);
      } catch {
        // counted as a failure below
      }
    }
    setLatency(times.length ? `${Math.round(Math.min(...times))} ms` : t('account.diag.unknown'));
  };

  const connection = (navigator as { connection?: { effectiveType?: string; type?: string } }).connection;
  const errors = recentApiErrors();
  const rows: Row[] = [
    { key: 'appVersion', value: `${appConfig.constants.version} (${appConfig.constants.versionCode})` },
    { key: 'userAgent', value: navigator.userAgent },
    { key: 'wechat', value: version ?? t('account.diag.notWechat') },
    { key: 'share', value: yes(isWeChat() && modern) },
    { key: 'pay', value: yes(isWeChat()) },
    { key: 'openTag', value: yes(isWeChat() && modern) },
    { key: 'jsSdk', value: jsSdk },
    { key: 'loggedIn', value: yes(Boolean(getAuthToken(launchStore.get().videoToken))) },
    { key: 'locale', value: i18n.language },
    { key: 'theme', value: theme ?? t('account.diag.unknown') },
    { key: 'network', value: connection?.type ?? connection?.effectiveType ?? t('account.diag.unknown') },
    { key: 'latency', value: latency || '—' },
    {
      key: 'errors',
      value: errors.length
        ? errors
            .map(
              (error) =>
                `${new Date(error.at).toISOString()} ${error.path} ${error.xcode ?? ''} ${error.message}`,
            )
            .join('\n')
        : t('account.diag.noErrors'),
    },
  ];

  const copyAll = async () => {
    const text = rows.map((row) => `${t(`account.diag.${row.key}`)}: ${row.value}`).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('account.diag.copied'));
    } catch {
      setCopied(t('account.jump.copyFailed'));
    }
  };

  return (
    <section className={card} aria-labelledby="diag-heading">
      <h2 id="diag-heading" className={heading}>
        {t('account.diag.title')}
      </h2>
      <dl className={styles.definitions}>
        {rows.map((row) => (
          <div key={row.key} style={{ display: 'contents' }}>
            <dt className={styles.term}>{t(`account.diag.${row.key}`)}</dt>
            <dd className={styles.value} data-testid={`diag-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <div className={actions}>
        <button
          type="button"
          className={button({ tone: 'secondary', block: true })}
          onClick={() => void measure()}
        >
          {t('account.diag.measure')}
        </button>
        <button type="button" className={button({ block: true })} onClick={() => void copyAll()}>
          {t('account.diag.copy')}
        </button>
      </div>
      {copied ? <p role="status">{copied}</p> : null}
    </section>
  );
}
