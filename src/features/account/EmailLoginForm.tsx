import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { CodeRow } from '../../ui/field/CodeRow';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { form, input } from '../../ui/field/Field.css';
import { DevCodeNotice } from '../../ui/dev-code/DevCodeNotice';
import { toast } from '../../ui/toast/toast';
import { emailLogin, mailLoginCode, type LoginAnswer } from './api';
import { formError } from './page.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * E-mail + nickname. A fresh address logs straight in (a new anonymous account); an address that has an account asks
 * for the code mailed to it (the server answers need_code), so nobody opens someone else's account with their e-mail.
 */
export function EmailLoginForm({ onLoggedIn }: { onLoggedIn(answer: LoginAnswer): void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [nickname, setNickname] = useState('');
  const [code, setCode] = useState('');
  const [needCode, setNeedCode] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** Outside production only: the code mailed and where (the server's `dev_code`). */
  const [devCode, setDevCode] = useState<{ code?: string; to: string }>({ to: '' });

  const failed = (failure: unknown) => {
    if (failure instanceof ApiError) setError(failure.message);
  };

  const sendCode = async () => {
    if (!EMAIL.test(email.trim())) return setError(t('account.login.emailInvalid'));
    setBusy(true);
    setError('');
    try {
      const answer = await mailLoginCode(email.trim());
      setDevCode({ code: answer.dev_code, to: email.trim() });
      toast(t('account.login.mailed'));
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !nickname.trim()) return setError(t('messages.loginComplete'));
    if (!EMAIL.test(email.trim())) return setError(t('account.login.emailInvalid'));
    if (needCode && !/^\d{6}$/.test(code.trim())) return setError(t('messages.loginCode'));
    setBusy(true);
    setError('');
    try {
      const answer = await emailLogin(email.trim(), nickname.trim(), needCode ? code.trim() : undefined);
      if (answer.token && answer.user_id) onLoggedIn(answer as LoginAnswer);
    } catch (failure) {
      if (failure instanceof ApiError && (failure.data as { need_code?: boolean } | null)?.need_code) {
        setNeedCode(true);
        setError(t('account.login.emailCodeHint'));
        await sendCode();
      } else failed(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={form} onSubmit={submit} noValidate>
      <Field label={t('account.login.email')} required>
        {(control) => (
          <input
            {...control}
            className={input()}
            type="email"
            autoComplete="email"
            maxLength={254}
            placeholder={t('account.login.emailPlaceholder')}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setNeedCode(false);
            }}
          />
        )}
      </Field>
      <Field label={t('account.login.nickname')} required>
        {(control) => (
          <input
            {...control}
            className={input()}
            autoComplete="nickname"
            maxLength={32}
            placeholder={t('account.login.nicknamePlaceholder')}
            value={nickname}
            onChange={(event) => setNickname(event.target.value)}
          />
        )}
      </Field>
      {needCode ? (
        <Field label={t('account.login.code')} hint={t('account.login.emailCodeHint')} required>
          {(control) => (
            <CodeRow
              control={control}
              placeholder={t('account.login.codePlaceholder')}
              value={code}
              onChange={(value) => setCode(value.replace(/\D/g, ''))}
              send={{ label: t('account.login.mailCode'), disabled: busy, onClick: () => void sendCode() }}
            />
          )}
        </Field>
      ) : null}
      {error ? (
        <p className={formError} role="alert">
          {error}
        </p>
      ) : null}
      {needCode ? <DevCodeNotice code={devCode.code} to={devCode.to} channel="mail" /> : null}
      <button type="submit" className={button({ block: true })} disabled={busy}>
        {t('account.login.submit')}
      </button>
    </form>
  );
}
