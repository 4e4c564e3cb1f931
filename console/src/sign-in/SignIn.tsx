/**
 * Sign-in with the accounts the server already has: a code texted to a phone number (after the slide check) or mailed
 * to an e-mail address, or WeChat's QR code where the server has a WeChat website app (the server's login entry sends
 * the browser to WeChat and back with the token, which the console takes out of the address at once:
 * wechat-return.ts). The token is stored as the viewer app stores it (src/lib/auth.ts).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { storeToken } from '../../../src/lib/auth';
import { useCountdown } from '../../../src/lib/use-countdown';
import { api, ApiError } from '../app/api.ts';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';
import { SlideCheck } from './SlideCheck.tsx';
import { wechatSignInUrl } from './wechat-return.ts';

type Method = 'phone' | 'email';

export function SignIn({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useT();
  const [method, setMethod] = useState<Method>('phone');
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [ticket, setTicket] = useState('');
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [resendIn, setResendIn] = useCountdown();
  const [busy, setBusy] = useState(false);
  const ids = { address: useId(), code: useId() };
  const [wechatQr, setWechatQr] = useState(false);
  useEffect(() => {
    api.get<'consoleSignInOptions'>('/v3/api/console/sign-in-options').then(
      (options) => setWechatQr(options.wechat_qr),
      // Without the answer the codes still work: the QR sign-in stays hidden.
      () => setWechatQr(false),
    );
  }, []);

  const switchTo = (next: Method) => {
    setMethod(next);
    setAddress('');
    setCode('');
    setTicket('');
    setMessage(null);
  };

  const failed = (error: unknown) =>
    setMessage({ text: error instanceof ApiError ? error.message : String(error), failed: true });

  const sendCode = async () => {
    setBusy(true);
    try {
      const answer =
        method === 'phone'
          ? await api.post<'sendSmsCode'>('/v3/api/phone/sms/login', { phone: address, ticket })
          : await api.post<'sendEmailCode'>('/v3/api/email/code', { email: address });
      setResendIn(answer.resend_after ?? 60);
      setMessage({ text: t('signIn.codeSent'), failed: false });
    } catch (error) {
      failed(error);
    } finally {
      // A ticket pays for one code, answered either way.
      setTicket('');
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setMessage({ text: t('signIn.needCode'), failed: true });
    setBusy(true);
    try {
      const answer =
        method === 'phone'
          ? await api.post<'loginPhoneSms'>('/v3/api/login/phone/sms', { phone: address, code })
          : await api.post<'emailAnonymousLogin'>('/v3/api/email_anonymous_login', { email: address, code });
      if (!answer.token) throw new ApiError(500, t('signIn.needCode'), null);
      storeToken('', answer.token);
      onSignedIn();
    } catch (error) {
      failed(error);
      setBusy(false);
    }
  };

  const mayAsk = method === 'email' ? /\S+@\S+\.\S+/.test(address) : Boolean(ticket);
  return (
    <main className={`${styles.card} ${styles.narrow}`}>
      <h1 className={styles.heading}>{t('signIn.heading')}</h1>
      <div className={styles.tabs} role="group" aria-label={t('signIn.heading')}>
        {(['phone', 'email'] as const).map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={method === each}
            className={method === each ? styles.button.primary : styles.button.secondary}
            onClick={() => switchTo(each)}
          >
            {t(each === 'phone' ? 'signIn.byPhone' : 'signIn.byEmail')}
          </button>
        ))}
      </div>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={ids.address}>
            {t(method === 'phone' ? 'signIn.phone' : 'signIn.email')}
          </label>
          <input
            id={ids.address}
            className={styles.input}
            type={method === 'phone' ? 'tel' : 'email'}
            autoComplete={method === 'phone' ? 'tel' : 'email'}
            value={address}
            onChange={(event) => {
              setAddress(event.currentTarget.value.trim());
              setTicket('');
            }}
          />
        </div>
        {method === 'phone' && <SlideCheck key={address} phone={address} onTicket={setTicket} />}
        <div className={styles.field}>
          <label className={styles.label} htmlFor={ids.code}>
            {t('signIn.code')}
          </label>
          <div className={styles.row}>
            <input
              id={ids.code}
              className={styles.input}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.trim())}
            />
            <button
              type="button"
              className={styles.button.secondary}
              disabled={busy || resendIn > 0 || !mayAsk}
              onClick={() => void sendCode()}
            >
              {resendIn > 0 ? t('signIn.resendIn', { seconds: resendIn }) : t('signIn.sendCode')}
            </button>
          </div>
        </div>
        {message && (
          <p
            role={message.failed ? 'alert' : 'status'}
            className={message.failed ? styles.error : styles.success}
          >
            {message.text}
          </p>
        )}
        <button type="submit" className={styles.button.primary} disabled={busy}>
          {t('signIn.submit')}
        </button>
      </form>
      {wechatQr && (
        <p className={styles.row}>
          <span className={styles.muted}>{t('signIn.or')}</span>
          <a className={styles.button.secondary} href={wechatSignInUrl(window.location.origin)}>
            {t('signIn.byWechat')}
          </a>
        </p>
      )}
    </main>
  );
}
