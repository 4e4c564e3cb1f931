import './texts';
import { useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { returnAfterLogin, wechatLoginUrl } from './login-check';
import { storeToken } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { isWeChat } from '../../lib/wechat/user-agent';
import { useBlockHeading } from '../../ui/page/page-heading';
import { button } from '../../ui/button/button.css';
import { toast } from '../../ui/toast/toast';
import { card } from '../../ui/card/card.css';
import { phoneLogin, type LoginAnswer } from './api';
import { EmailLoginForm } from './EmailLoginForm';
import { PhoneCodeForm } from './PhoneCodeForm';
import { heading } from './page.css';
import * as styles from './LoginPanel.css';
import { userCentrePage } from './routes';

type Tab = 'phone' | 'email';
const TABS: Tab[] = ['phone', 'email'];

/**
 * The login page (`/pages/login/index`, title 'user login'): phone + slide check + SMS code, or e-mail (+ mailed code
 * for an existing account), and inside WeChat the WeChat login. Then back where the viewer came from, with the video
 * token kept and the action that asked for the login run once (login-check.ts).
 */
export function LoginPanel() {
  const { t } = useTranslation();
  const title = useBlockHeading('login-heading', t('account.login.title'));
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>('phone');
  const redirect = params.get('redirect');
  const { videoToken } = launchStore.get();

  const loggedIn = (answer: LoginAnswer) => {
    storeToken(videoToken, answer.token);
    toast(t('account.login.success'));
    returnAfterLogin(redirect, videoToken);
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    setTab(next);
    document.getElementById(`login-tab-${next}`)?.focus();
  };

  const wechatLogin = () => {
    const back = new URL(window.location.href);
    back.hash = redirect && redirect.startsWith('/') ? redirect : userCentrePage();
    window.location.assign(wechatLoginUrl(back.toString(), videoToken, window.location.origin));
  };

  return (
    <section className={card} aria-labelledby={title.labelledBy}>
      {title.own ? (
        <h2 id="login-heading" className={heading}>
          {t('account.login.title')}
        </h2>
      ) : null}
      <div role="tablist" aria-label={t('account.login.tabs')} className={styles.tabs}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`login-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`login-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {name === 'phone' ? t('account.login.phoneTab') : t('account.login.emailTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`}>
        {tab === 'phone' ? (
          <PhoneCodeForm
            purpose="login"
            submitLabel={t('account.login.submit')}
            onSubmit={async (phone, code) => loggedIn(await phoneLogin(phone, code))}
          />
        ) : (
          <EmailLoginForm onLoggedIn={loggedIn} />
        )}
      </div>
      {isWeChat() ? (
        <>
          <p className={styles.divider}>{t('account.login.or')}</p>
          <button type="button" className={button({ tone: 'confirm', block: true })} onClick={wechatLogin}>
            {t('account.login.wechat')}
          </button>
        </>
      ) : null}
    </section>
  );
}
