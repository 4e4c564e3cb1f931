import './texts';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import { compareVersions, isWeChat, MIN_SHARE_VERSION, wechatVersion } from '../../lib/wechat/user-agent';
import { button } from '../../ui/button/button.css';
import { card, note } from '../../ui/card/card.css';
import { heading } from './page.css';
import { jumpMiniProgramPage } from './routes';

/** The configured mini program: its original id and page. Absent when config names none. */
export type JumpProps = { username?: string; path?: string };

/**
 * Open the configured mini program. Only WeChat 7.0.12+ can open one from a web page (the `wx-open-launch-weapp`
 * open tag); elsewhere, or in an older WeChat, the page says so and offers its own link to open in WeChat. It shows
 * no code to scan: the server can draw a code of this web page, not of the mini program, and a code labelled as the
 * mini program's that opens the web page would mislead. Without a configured mini program the page says so.
 */
export function JumpMiniProgram({ username, path = '' }: JumpProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState('');
  const version = wechatVersion();
  const openTag = isWeChat() && version !== null && compareVersions(version, MIN_SHARE_VERSION) >= 0;
  const link = new URL(`#${buildPath(jumpMiniProgramPage())}`, window.location.href).toString();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(t('account.jump.copied'));
    } catch {
      setCopied(t('account.jump.copyFailed'));
    }
  };

  const body = () => {
    if (!username) return <p className={note}>{t('account.jump.none')}</p>;
    if (openTag)
      return (
        <wx-open-launch-weapp username={username} path={path}>
          <script type="text/wxtag-template">
            {`<button style="width:100%;height:44px;border:none;border-radius:22px;font-size:17px;font-weight:700">${t('account.jump.open')}</button>`}
          </script>
        </wx-open-launch-weapp>
      );
    return (
      <>
        <p className={note}>{t(isWeChat() ? 'account.jump.oldWechat' : 'account.jump.inWechat')}</p>
        <button
          type="button"
          className={button({ tone: 'secondary', block: true })}
          onClick={() => void copy()}
        >
          {t('account.jump.copy')}
        </button>
        {copied ? <p role="status">{copied}</p> : null}
      </>
    );
  };

  return (
    <section className={card} aria-labelledby="jump-heading">
      <h2 id="jump-heading" className={heading}>
        {t('account.jump.title')}
      </h2>
      {body()}
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
