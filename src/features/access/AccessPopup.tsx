import '../../lib/messages';
/**
 * The access pop-ups (loaded on first open): video password, information form, pay. Each unlocks the event on the
 * server; the detail is then reloaded and, with every gate passed, carries the stream, so the player starts.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { payFor, type PayOutcome } from '../payment/pay';
import { loadVideoDetail } from '../video/api';
import type { VideoInfo } from '../video/types';
import { videoPaymentKey, type AccessGate } from '../video/access-gate';
import { PhonePopup } from './PhonePopup';
import * as styles from './AccessPopup.css';
import './texts';

type PopupProps = { info: VideoInfo; onClose(): void };

/** Why a call failed, in the viewer's language where the client knows better than the server's text. */
function failureMessage(error: unknown, t: TFunction, wrongInput?: string): string {
  if (error instanceof ApiError) {
    if (error.kind === 'login-required' || error.xcode === 401) return t('access.loginFirst');
    if (wrongInput && error.kind === 'server' && error.xcode === 400) return wrongInput;
    return error.message;
  }
  return t('api.unknownError');
}

const unlocked = () => loadVideoDetail({ quiet: true });

/** The purchase call of a paid event (replayed after a login, it is paid under `loginPaymentKey` of this path). */
export const VIDEO_PAY_PATH = '/v3/api/wechat/video/pay';

export function AccessPopup({ gate, ...props }: PopupProps & { gate: AccessGate }) {
  if (gate === 'password') return <PasswordPopup {...props} />;
  if (gate === 'infoForm') return <InfoFormPopup {...props} />;
  if (gate === 'phone') return <PhonePopup {...props} />;
  return <PayPopup {...props} />;
}

function PasswordPopup({ info, onClose }: PopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // After showModal() (which focuses the first control, the close button): the viewer types straight away.
  useEffect(() => {
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) return setError(t('access.passwordEmpty'));
    setBusy(true);
    setError('');
    try {
      await api.post(
        '/v3/api/video/password_show',
        { token: info.token, password: password.trim() },
        { login: true, noErrorToast: true },
      );
      onClose();
      await unlocked();
    } catch (failure) {
      setError(failureMessage(failure, t, t('access.wrongPassword')));
      setBusy(false);
    }
  };

  return (
    <BottomPopup open onClose={onClose} title={t('access.passwordTitle')}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="access-password">
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-password`}>
            {t('access.passwordLabel')}
          </label>
          <input
            id={`${id}-password`}
            className={styles.input}
            ref={inputRef}
            type="password"
            autoComplete="off"
            maxLength={64}
            placeholder={t('access.passwordPlaceholder')}
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {error ? (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={styles.submit} disabled={busy}>
          {t('access.passwordSubmit')}
        </button>
      </form>
    </BottomPopup>
  );
}

type InfoForm = { name: string; phone: string; company: string; position: string; remark: string };
const EMPTY_FORM: InfoForm = { name: '', phone: '', company: '', position: '', remark: '' };

/** The spec's two messages, in this order. */
export function infoFormError(form: InfoForm, t: TFunction): string {
  if (!form.name.trim() || !form.phone.trim()) return t('messages.infoNameAndPhone');
  if (!form.company.trim()) return t('messages.infoCompany');
  return '';
}

function InfoFormPopup({ info, onClose }: PopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState(EMPTY_FORM);
  const [agreement, setAgreement] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = infoFormError(form, t);
    if (invalid) return setError(invalid);
    setBusy(true);
    setError('');
    try {
      await api.post(
        '/v3/api/user/collect_info',
        {
          token: info.token,
          name: form.name.trim(),
          phone: form.phone.trim(),
          company: form.company.trim(),
          position: form.position.trim(),
          remark: form.remark.trim(),
          agreement,
        },
        { login: true, noErrorToast: true },
      );
      onClose();
      await unlocked();
    } catch (failure) {
      setError(failureMessage(failure, t));
      setBusy(false);
    }
  };

  const field = (name: keyof InfoForm, options: { type?: string; placeholder?: string; max: number }) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-${name}`}>
        {t(`access.info.${name}`)}
      </label>
      {name === 'remark' ? (
        <textarea
          id={`${id}-${name}`}
          className={styles.textarea}
          maxLength={options.max}
          value={form[name]}
          onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        />
      ) : (
        <input
          id={`${id}-${name}`}
          className={styles.input}
          type={options.type ?? 'text'}
          maxLength={options.max}
          placeholder={options.placeholder}
          value={form[name]}
          onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        />
      )}
    </div>
  );

  return (
    <BottomPopup open onClose={onClose} title={t('access.infoTitle')}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="access-info-form">
        {field('name', { max: 64 })}
        {field('phone', { type: 'tel', placeholder: t('messages.infoPhonePlaceholder'), max: 32 })}
        {field('company', { max: 128 })}
        {field('position', { max: 64 })}
        {field('remark', { max: 500 })}
        <label className={styles.check}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={agreement}
            onChange={(event) => setAgreement(event.target.checked)}
          />
          <span>{t('access.info.agreement')}</span>
        </label>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={styles.submit} disabled={busy}>
          {t('access.info.submit')}
        </button>
      </form>
    </BottomPopup>
  );
}

/** Pays for the event through the shared payment flow; once paid, the detail reloads and the player starts. */
export async function payForVideo(token: string): Promise<PayOutcome> {
  const outcome = await payFor({
    key: videoPaymentKey(token),
    createOrder: (input) => api.post(VIDEO_PAY_PATH, { token, ...input }, { login: true }),
  });
  if (outcome === 'paid') await unlocked();
  return outcome;
}

function PayPopup({ info, onClose }: PopupProps) {
  const { t } = useTranslation();
  const price = formatPrice(info.price);
  const pay = () => {
    // The payment sheet (WeChat's, or the H5 page) must not sit under this modal pop-up.
    onClose();
    void payForVideo(info.token);
  };
  return (
    <BottomPopup open onClose={onClose} title={t('access.payTitle')}>
      <div className={styles.form} data-testid="access-pay">
        <p className={styles.price}>{t('access.payPrice', { price })}</p>
        <p className={styles.hint}>{t('access.payHint')}</p>
        <button type="button" className={styles.submit} onClick={pay}>
          {t('access.payButton', { price })}
        </button>
      </div>
    </BottomPopup>
  );
}
