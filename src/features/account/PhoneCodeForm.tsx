import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { resendAfter } from '../../lib/resend-after';
import { useCountdown } from '../../lib/use-countdown';
import { isMobilePhone } from '../../lib/validators';
import { CodeRow } from '../../ui/field/CodeRow';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { form } from '../../ui/field/Field.css';
import { PhoneInput } from '../../ui/field/PhoneInput';
import { toast } from '../../ui/toast/toast';
import { DevCodeNotice } from '../../ui/dev-code/DevCodeNotice';
import { SlideCheck } from '../../ui/slide-check/SlideCheck';
import { useSlideTicket } from '../../ui/slide-check/slide-ticket';
import { sendSmsCode, type SmsPurpose } from './api';
import { formError } from './page.css';

const RESEND_SECONDS = 60;

type Props = {
  purpose: SmsPurpose;
  submitLabel: string;
  /** Runs the login or the bind with a phone and its code; throws an ApiError to show the server's message. */
  onSubmit(phone: string, code: string): Promise<void>;
};

/**
 * Phone + slide check + SMS code (a mainland mobile number: 11 digits, 1 then 3 to 9): the slide check is passed on the
 * server for this phone and its one-time ticket pays for one code; the resend countdown follows each code. Its four
 * login messages word for word.
 */
export function PhoneCodeForm({ purpose, submitLabel, onSubmit }: Props) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [seconds, startCountdown] = useCountdown();
  /** Outside production only: the code sent and where (the server's `dev_code`). */
  const [devCode, setDevCode] = useState<{ code?: string; to: string }>({ to: '' });
  const slide = useSlideTicket(phone.trim());
  const { ticket } = slide;
  const codeRef = useRef<HTMLInputElement>(null);
  const phoneOk = isMobilePhone(phone.trim());

  const failed = (failure: unknown) => {
    if (failure instanceof ApiError && failure.kind !== 'login-required') setError(failure.message);
  };

  const requestCode = async () => {
    if (!phoneOk) return setError(t('messages.loginPhone'));
    if (!ticket) return setError(t('messages.loginSlide'));
    setBusy(true);
    setError('');
    try {
      const answer = await sendSmsCode(purpose, phone.trim(), ticket);
      startCountdown(answer.resend_after || RESEND_SECONDS);
      setDevCode({ code: answer.dev_code, to: phone.trim() });
      toast(t('account.login.codeSent'));
      codeRef.current?.focus();
    } catch (failure) {
      failed(failure);
      // A refusal that says how long to wait (this server's limit, or the SMS provider's on the number) counts down.
      const wait = resendAfter(failure);
      if (wait) startCountdown(wait);
    } finally {
      // A ticket pays for one code: the next code needs a new slide.
      slide.spend();
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim() && !code.trim()) return setError(t('messages.loginComplete'));
    if (!phoneOk) return setError(t('messages.loginPhone'));
    if (!/^\d{6}$/.test(code.trim())) return setError(t('messages.loginCode'));
    setBusy(true);
    setError('');
    try {
      await onSubmit(phone.trim(), code.trim());
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={form} onSubmit={submit} noValidate>
      <Field label={t('account.login.phone')} required>
        {(control) => (
          <PhoneInput
            {...control}
            placeholder={t('account.login.phonePlaceholder')}
            value={phone}
            onChange={(event) => {
              // A new number needs a new slide (the ticket is bound to the phone, and the slider's key changes).
              setPhone(event.target.value.replace(/\D/g, ''));
            }}
          />
        )}
      </Field>
      <SlideCheck
        key={slide.key}
        disabled={!phoneOk}
        disabledReason={t('slide.needPhone')}
        onStart={slide.onStart}
        onSlid={async (track) => {
          const passed = await slide.onSlid(track);
          if (passed) setError('');
          return passed;
        }}
      />
      <Field label={t('account.login.code')} required>
        {(control) => (
          <CodeRow
            control={control}
            inputRef={codeRef}
            placeholder={t('account.login.codePlaceholder')}
            value={code}
            onChange={(value) => setCode(value.replace(/\D/g, ''))}
            send={{
              label: seconds > 0 ? t('account.login.resend', { seconds }) : t('account.login.getCode'),
              disabled: busy || seconds > 0,
              onClick: () => void requestCode(),
            }}
          />
        )}
      </Field>
      {error ? (
        <p className={formError} role="alert">
          {error}
        </p>
      ) : null}
      <DevCodeNotice code={devCode.code} to={devCode.to} channel="sms" />
      <button type="submit" className={button({ block: true })} disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
