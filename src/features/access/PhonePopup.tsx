import '../../lib/messages';
/**
 * The watch-phone pop-up: the viewer binds a mobile phone with an SMS code (`/v3/api/phone/sms/{type}`, type bind,
 * paid for by the ticket of a slide check passed for that phone, then `/v2/api/user/phone/bind`), `/v3/api/video/watch_phone` confirms it, and the detail reloads with the streams.
 * Server refusals (wrong code, too many requests) are toasted by the API helper with the server's text.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, type ApiData } from '../../lib/api';
import { ApiError, apiPost } from '../../lib/api-client';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { resendAfter } from '../../lib/resend-after';
import { useCountdown } from '../../lib/use-countdown';
import { isDigits, isMobilePhone } from '../../lib/validators';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { button } from '../../ui/button/button.css';
import { CodeRow } from '../../ui/field/CodeRow';
import { Field } from '../../ui/field/Field';
import { form } from '../../ui/field/Field.css';
import { PhoneInput } from '../../ui/field/PhoneInput';
import { DevCodeNotice } from '../../ui/dev-code/DevCodeNotice';
import { SlideCheck } from '../../ui/slide-check/SlideCheck';
import { useSlideTicket } from '../../ui/slide-check/slide-ticket';
import { loadVideoDetail } from '../video/api';
import type { VideoInfo } from '../video/types';
import * as styles from './PhonePopup.css';
import './texts';

/** Seconds before another code may be requested when the server does not say (its resend interval). */
const RESEND_SECONDS = 60;
const SMS_PATH = '/v3/api/phone/sms/{type}';

/** What is wrong with the form before asking for a code ('send') or binding ('bind'); '' when nothing. */
export function phoneFormError(
  values: { phone: string; code: string },
  step: 'send' | 'bind',
  t: TFunction,
): string {
  const phone = values.phone.trim();
  if (!phone) return t('messages.loginPhone');
  if (!isMobilePhone(phone)) return t('access.phone.invalid');
  if (step === 'send') return '';
  const code = values.code.trim();
  if (!code) return t('messages.loginCode');
  if (code.length !== 6 || !isDigits(code)) return t('access.phone.codeInvalid');
  return '';
}

const needsLogin = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'login-required' || error.xcode === 401);

/** Which part of the form a message is about: under the phone, under the code, or the whole form. */
type ErrorPlace = 'phone' | 'code' | 'form';

export function PhonePopup({ info, onClose }: { info: VideoInfo; onClose(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ phone: '', code: '' });
  const [error, setErrorState] = useState<{ place: ErrorPlace; message: string } | null>(null);
  const setError = (message: string, place: ErrorPlace = 'form') =>
    setErrorState(message ? { place, message } : null);
  /** A problem phoneFormError found: the phone's while the phone is wrong, else the code's. */
  const setFormError = (message: string) =>
    setError(message, isMobilePhone(values.phone.trim()) ? 'code' : 'phone');
  const [sent, setSent] = useState(false);
  /** Outside production only: the code sent and where (the server's `dev_code`). */
  const [devCode, setDevCode] = useState<{ code?: string; to: string }>({ to: '' });
  const [busy, setBusy] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const slide = useSlideTicket(values.phone.trim());
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // After showModal() (which focuses the close button): the viewer types the number straight away.
  useEffect(() => {
    const frame = requestAnimationFrame(() => phoneRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const failed = (failure: unknown) => {
    // Other refusals were toasted with the server's message; keep the form as it is.
    setError(needsLogin(failure) ? t('access.loginFirst') : '');
    const wait = resendAfter(failure);
    if (wait) startCountdown(wait);
  };

  const requestCode = async () => {
    const invalid = phoneFormError(values, 'send', t);
    if (invalid) return setFormError(invalid);
    if (!slide.ticket) return setError(t('messages.loginSlide'));
    setBusy(true);
    setError('');
    try {
      // The contract's path has a `{type}` parameter, which the typed helper does not fill in: fill and type it here.
      const answer = await apiPost<ApiData<typeof SMS_PATH, 'post'>>(
        SMS_PATH.replace('{type}', 'bind'),
        { phone: values.phone.trim(), ticket: slide.ticket },
        { login: true },
      );
      startCountdown(answer.resend_after || RESEND_SECONDS);
      setSent(true);
      setDevCode({ code: answer.dev_code, to: values.phone.trim() });
      codeRef.current?.focus();
    } catch (failure) {
      failed(failure);
    } finally {
      // A ticket pays for one code: the next code needs a new slide.
      slide.spend();
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = phoneFormError(values, 'bind', t);
    if (invalid) return setFormError(invalid);
    setBusy(true);
    setError('');
    try {
      await api.post(
        '/v2/api/user/phone/bind',
        { phone: values.phone.trim(), code: values.code.trim() },
        { login: true },
      );
      const { bound } = await api.post('/v3/api/video/watch_phone', { token: info.token }, { login: true });
      if (!bound) {
        setError(t('access.phone.notBound'));
        setBusy(false);
        return;
      }
      onClose();
      await loadVideoDetail({ quiet: true });
    } catch (failure) {
      failed(failure);
      setBusy(false);
    }
  };

  const errorOn = (field: ErrorPlace) => (error?.place === field ? error.message : undefined);
  return (
    <BottomPopup open onClose={onClose} title={t('access.phone.title')}>
      <form className={form} onSubmit={submit} noValidate data-testid="access-phone">
        <Field label={t('access.phone.label')} error={errorOn('phone')} required>
          {(control) => (
            <PhoneInput
              {...control}
              ref={phoneRef}
              placeholder={t('access.phone.placeholder')}
              value={values.phone}
              onChange={(event) => setValues({ ...values, phone: event.target.value })}
            />
          )}
        </Field>
        <div className={styles.slide}>
          <SlideCheck
            key={slide.key}
            disabled={!isMobilePhone(values.phone.trim())}
            disabledReason={t('slide.needPhone')}
            onStart={slide.onStart}
            onSlid={slide.onSlid}
          />
        </div>
        <Field label={t('access.phone.code')} error={errorOn('code')} required>
          {(control) => (
            <CodeRow
              control={control}
              inputRef={codeRef}
              size="compact"
              placeholder={t('access.phone.codePlaceholder')}
              value={values.code}
              onChange={(code) => setValues({ ...values, code })}
              send={{
                label:
                  countdown > 0
                    ? t('access.phone.resend', { seconds: countdown })
                    : t('access.phone.getCode'),
                disabled: busy || countdown > 0,
                onClick: () => void requestCode(),
              }}
            />
          )}
        </Field>
        {error?.place === 'form' ? (
          <p className={styles.message} role="alert">
            {error.message}
          </p>
        ) : sent ? (
          <p className={styles.message} role="status">
            {t('access.phone.sent')}
          </p>
        ) : null}
        <DevCodeNotice code={devCode.code} to={devCode.to} channel="sms" />
        <button type="submit" className={button({ block: true })} disabled={busy}>
          {t('access.phone.submit')}
        </button>
      </form>
    </BottomPopup>
  );
}
