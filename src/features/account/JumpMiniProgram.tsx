import './texts';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import { compareVersions, isWeChat, MIN_SHARE_VERSION, wechatVersion } from '../../lib/wechat/user-agent';
import { button } from '../../ui/button/button.css';
import { card, note } from '../../ui/card/card.css';
import { heading } from './page.css';
import * as styles from './JumpMiniProgram.css';
import { jumpMiniProgramPage } from './routes';

export type JumpProps = { username: string; path: string };

/**
 * Open the configured mini program: inside WeChat 7.0.12+ the `wx-open-launch-weapp` open tag (WeChat renders the
 * button inside it); elsewhere, or in an older WeChat, the mini-program code to scan and a copy-link fallback.
 */
export function JumpMiniProgram({ username, path }: JumpProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState('');
  const version = wechatVersion();
  const openTag = isWeChat() && version !== null && compareVersions(version, MIN_SHARE_VERSION) >= 0;
  const link = new URL(`#${buildPath(jumpMiniProgramPage())}`, window.location.href).toString();
  // Mini-program paths are written without the leading slash (pages/index/index); the code call wants an in-app route.
  const code = `/v2/api/mini/qrcode_param?path=${encodeURIComponent(path.startsWith('/') ? path : `/${path}`)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(t('account.jump.copied'));
    } catch {
      setCopied(t('account.jump.copyFailed'));
    }
  };

  return (
    <section className={card} aria-labelledby="jump-heading">
      <h2 id="jump-heading" className={heading}>
        {t('account.jump.title')}
      </h2>
      {openTag ? (
        <wx-open-launch-weapp username={username} path={path}>
          <script type="text/wxtag-template">
            {`<button style="width:100%;height:44px;border:none;border-radius:22px;font-size:17px;font-weight:700">${t('account.jump.open')}</button>`}
          </script>
        </wx-open-launch-weapp>
      ) : (
        <>
          {isWeChat() ? <p className={note}>{t('account.jump.oldWechat')}</p> : null}
          <p className={note}>{t('account.jump.scan')}</p>
          <img className={styles.qrCode} src={code} alt={t('account.jump.scan')} />
          <button
            type="button"
            className={button({ tone: 'secondary', block: true })}
            onClick={() => void copy()}
          >
            {t('account.jump.copy')}
          </button>
          {copied ? <p role="status">{copied}</p> : null}
        </>
      )}
    </section>
  );
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX namespace is where custom elements are declared.
  namespace JSX {
    interface IntrinsicElements {
      'wx-open-launch-weapp': { username: string; path: string; children?: React.ReactNode };
    }
  }
}
