import '../../lib/messages';
/**
 * The access pop-ups (loaded on first open): video password, information form, pay. Each unlocks the event on the
 * server; the detail is then reloaded and, with every gate passed, carries the stream, so the player starts.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { useDraft } from '../../lib/draft';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { button } from '../../ui/button/button.css';
import { Field } from '../../ui/field/Field';
import { check, form, input } from '../../ui/field/Field.css';
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
      <form className={form} onSubmit={submit} noValidate data-testid="access-password">
        <Field label={t('access.passwordLabel')} error={error || undefined} required>
          {(control) => (
            <input
              {...control}
              className={input()}
              ref={inputRef}
              type="password"
              autoComplete="off"
              maxLength={64}
              placeholder={t('access.passwordPlaceholder')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className={button({ block: true })} disabled={busy}>
          {t('access.passwordSubmit')}
        </button>
      </form>
    </BottomPopup>
  );
}

type InfoForm = {
  name: string;
  phone: string;
  company: string;
  position: string;
  remark: string;
  agreement: boolean;
};
const EMPTY_FORM: InfoForm = { name: '', phone: '', company: '', position: '', remark: '', agreement: false };
type TextKey = Exclude<keyof InfoForm, 'agreement'>;

/** The spec's two messages, in this order, on the first field they are about; null when the form may be sent. */
export function infoFormError(form: InfoForm, t: TFunction): { field: TextKey; message: string } | null {
  if (!form.name.trim()) return { field: 'name', message: t('messages.infoNameAndPhone') };
  if (!form.phone.trim()) return { field: 'phone', message: t('messages.infoNameAndPhone') };
  if (!form.company.trim()) return { field: 'company', message: t('messages.infoCompany') };
  return null;
}

/** The information form's draft, one per event (kept until the form is accepted). */
const infoFormDraftKey = (token: string) => `access-info:${token}`;

function InfoFormPopup({ info, onClose }: PopupProps) {
  const { t } = useTranslation();
  const [values, setValues, clearDraft] = useDraft(infoFormDraftKey(info.token), EMPTY_FORM);
  const [invalid, setInvalid] = useState<{ field: TextKey; message: string } | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = infoFormError(values, t);
    setInvalid(problem);
    setFailure('');
    if (problem) return;
    setBusy(true);
    try {
      await api.post(
        '/v3/api/user/collect_info',
        {
          token: info.token,
          name: values.name.trim(),
          phone: values.phone.trim(),
          company: values.company.trim(),
          position: values.position.trim(),
          remark: values.remark.trim(),
          agreement: values.agreement,
        },
        { login: true, noErrorToast: true },
      );
      clearDraft();
      onClose();
      await unlocked();
    } catch (error) {
      setFailure(failureMessage(error, t));
      setBusy(false);
    }
  };

  const set = (name: keyof InfoForm, value: string | boolean) =>
    setValues((current) => ({ ...current, [name]: value }));
  const field = (
    name: TextKey,
    options: { type?: string; placeholder?: string; max: number; required?: boolean; autoComplete?: string },
  ) => (
    <Field
      label={t(`access.info.${name}`)}
      required={options.required}
      error={invalid?.field === name ? invalid.message : undefined}
    >
      {(control) =>
        name === 'remark' ? (
          <textarea
            {...control}
            className={input({ multiline: true })}
            maxLength={options.max}
            value={values[name]}
            onChange={(event) => set(name, event.target.value)}
          />
        ) : (
          <input
            {...control}
            className={input()}
            type={options.type ?? 'text'}
            maxLength={options.max}
            placeholder={options.placeholder}
            autoComplete={options.autoComplete}
            value={values[name]}
            onChange={(event) => set(name, event.target.value)}
          />
        )
      }
    </Field>
  );

  return (
    <BottomPopup open onClose={onClose} title={t('access.infoTitle')}>
      <form className={form} onSubmit={submit} noValidate data-testid="access-info-form">
        {field('name', { max: 64, required: true, autoComplete: 'name' })}
        {field('phone', {
          type: 'tel',
          placeholder: t('messages.infoPhonePlaceholder'),
          max: 32,
          required: true,
          autoComplete: 'tel',
        })}
        {field('company', { max: 128, required: true, autoComplete: 'organization' })}
        {field('position', { max: 64, autoComplete: 'organization-title' })}
        {field('remark', { max: 500 })}
        <Field label={t('access.info.agreement')} inline>
          {(control) => (
            <input
              {...control}
              type="checkbox"
              className={check}
              checked={values.agreement}
              onChange={(event) => set('agreement', event.target.checked)}
            />
          )}
        </Field>
        {failure ? (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className={button({ block: true })} disabled={busy}>
          {t('access.info.submit')}
        </button>
      </form>
    </BottomPopup>
  );
}

/** Pays for the event through the shared payment flow; once paid, the detail reloads and the player starts. */
async function payForVideo(token: string): Promise<PayOutcome> {
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
      <div className={styles.pay} data-testid="access-pay">
        <p className={styles.price}>{t('access.payPrice', { price })}</p>
        <p className={styles.payHint}>{t('access.payHint')}</p>
        <button type="button" className={button({ block: true })} onClick={pay}>
          {t('access.payButton', { price })}
        </button>
      </div>
    </BottomPopup>
  );
}
