import '../../lib/messages';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { isMobilePhoneLoose } from '../../lib/validators';
import { toast } from '../../ui/toast/toast';
import {
  applySignUp,
  fetchCheckboxes,
  fetchDropDowns,
  loadContest,
  type Contest,
  type FieldOptions,
  type FormField,
  type SignUp,
} from './api';
import {
  emptyValue,
  firstMissing,
  hasPendingUploads,
  toSubmission,
  type FormValues,
  type UploadItem,
} from './sign-up-form';
import { UploadField } from './UploadField';
import { explainLoginRequired } from './vote-actions';
import * as styles from './vote.css';

/** The payment key of a contest's registration fee (the H5 page returns here and resumes it). */
const registrationKey = (voteId: number) => `vote-registration:${voteId}`;

/**
 * Sign-up: the form the contest defines (text, phone, dropdown, checkbox list, images, video), required fields
 * checked with '<field> cannot be empty!', then the sign mask: the viewer's sign-up and its status, with the
 * registration payment when the contest charges.
 */
export function SignUp({ contest }: { contest: Contest }) {
  // The answer to this page's submit shows at once; the reloaded contest's `mine.sign_up` takes over after.
  const [submitted, setSubmitted] = useState<SignUp | null>(null);
  const signUp = contest.mine?.sign_up ?? submitted;
  useResumeRegistration(contest.id);
  if (signUp) return <SignMask contest={contest} signUp={signUp} />;
  if (!contest.sign_up_open) return <SignUpClosed />;
  return <SignUpForm contest={contest} onDone={setSubmitted} />;
}

function SignUpClosed() {
  const { t } = useTranslation();
  return <p className={styles.statusBanner}>{t('vote.signUpClosed')}</p>;
}

function useResumeRegistration(voteId: number) {
  useEffect(() => {
    void import('../payment/pay')
      .then(({ resumePayment }) => resumePayment(registrationKey(voteId)))
      .then((outcome) => {
        if (outcome === 'paid') void loadContest(voteId, 'sign');
      })
      .catch(() => {});
  }, [voteId]);
}

function SignMask({ contest, signUp }: { contest: Contest; signUp: SignUp }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      const { payFor } = await import('../payment/pay');
      const outcome = await payFor({
        key: registrationKey(contest.id),
        createOrder: (input) =>
          api.post('/v3/api/wechat/paid_registration', { vote_id: contest.id, ...input }, { login: true }),
      });
      if (outcome === 'paid') await loadContest(contest.id, 'sign');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="sign-mask-title" data-testid="sign-mask">
      <h2 id="sign-mask-title" className={styles.heading}>
        {t('vote.signedUpAs', { name: signUp.name })}
      </h2>
      <p className={styles.rules} role="status">
        {t(`vote.signStatus.${signUp.status}`, { number: signUp.number ?? '' })}
      </p>
      {signUp.status === 'unpaid' ? (
        <div className={styles.actions}>
          <button type="button" className={styles.primaryButton} disabled={busy} onClick={() => void pay()}>
            {t('vote.payRegistration', { price: formatPrice(signUp.fee_cents) })}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function SignUpForm({ contest, onDone }: { contest: Contest; onDone(signUp: SignUp): void }) {
  const { t } = useTranslation();
  const formId = useId();
  const fields = contest.fields;
  const [values, setValues] = useState<FormValues>(() =>
    Object.fromEntries(fields.map((field) => [field.key, emptyValue(field)])),
  );
  const [options, setOptions] = useState<Record<string, FieldOptions>>({});
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const wants = (type: FormField['type']) => fields.some((field) => field.type === type);
    let live = true;
    const add = (result: { list: FieldOptions[] }) => {
      if (!live) return;
      setOptions((current) => ({
        ...current,
        ...Object.fromEntries(result.list.map((item) => [item.key, item])),
      }));
    };
    if (wants('dropdown'))
      fetchDropDowns(contest.id)
        .then(add)
        .catch(() => {});
    if (wants('checkbox'))
      fetchCheckboxes(contest.id)
        .then(add)
        .catch(() => {});
    return () => {
      live = false;
    };
  }, [contest.id, fields]);

  const set = (key: string, value: FormValues[string]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setUploads = (key: string) => (update: (items: UploadItem[]) => UploadItem[]) =>
    setValues((current) => ({ ...current, [key]: update((current[key] as UploadItem[]) ?? []) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasPendingUploads(values)) {
      toast(t('vote.waitForUploads'));
      return;
    }
    const missing = firstMissing(fields, values);
    if (missing) {
      setErrorKey(missing.key);
      toast(t('messages.fieldRequired', { field: missing.label }));
      document.getElementById(`${formId}-${missing.key}`)?.focus();
      return;
    }
    const phone = fields.find(
      (field) => field.type === 'phone' && String(values[field.key] ?? '').trim() !== '',
    );
    if (phone && !isMobilePhoneLoose(String(values[phone.key]).trim())) {
      setErrorKey(phone.key);
      toast(t('vote.badPhone'));
      return;
    }
    setErrorKey(null);
    setBusy(true);
    try {
      onDone(await applySignUp(contest.id, toSubmission(fields, values)));
      void loadContest(contest.id, 'sign');
    } catch (error) {
      // The server's message has been shown; a missing login has not.
      explainLoginRequired(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${styles.section} ${styles.form}`} onSubmit={(event) => void submit(event)} noValidate>
      {contest.sign_up_fee_cents > 0 ? (
        <p className={styles.muted}>
          {t('vote.registrationFee', { price: formatPrice(contest.sign_up_fee_cents) })}
        </p>
      ) : null}
      {fields.map((field) => {
        const id = `${formId}-${field.key}`;
        const errorId = `${id}-error`;
        const invalid = errorKey === field.key;
        const label = (
          <>
            {field.label}
            {field.required ? (
              <span className={styles.required} aria-hidden="true">
                {' '}
                *
              </span>
            ) : null}
          </>
        );
        const error = invalid ? (
          <p id={errorId} className={styles.error}>
            {t('messages.fieldRequired', { field: field.label })}
          </p>
        ) : null;
        const common = {
          id,
          'aria-invalid': invalid || undefined,
          'aria-describedby': invalid ? errorId : undefined,
          'aria-required': field.required || undefined,
        };
        if (field.type === 'checkbox') {
          const chosen = (values[field.key] as string[]) ?? [];
          const max = options[field.key]?.max_count || field.max_count;
          return (
            <fieldset
              key={field.key}
              className={styles.field}
              aria-describedby={invalid ? errorId : undefined}
            >
              <legend className={styles.label}>{label}</legend>
              {(options[field.key]?.options ?? []).map((option, index) => (
                <label key={option.value} className={styles.checkRow}>
                  <input
                    id={index === 0 ? id : undefined}
                    type="checkbox"
                    checked={chosen.includes(option.value)}
                    disabled={!chosen.includes(option.value) && max > 0 && chosen.length >= max}
                    onChange={(event) =>
                      set(
                        field.key,
                        event.target.checked
                          ? [...chosen, option.value]
                          : chosen.filter((value) => value !== option.value),
                      )
                    }
                  />
                  {option.label}
                </label>
              ))}
              {max > 0 ? <p className={styles.muted}>{t('vote.chooseUpTo', { count: max })}</p> : null}
              {error}
            </fieldset>
          );
        }
        if (field.type === 'images' || field.type === 'video') {
          return (
            <div key={field.key} className={styles.field}>
              <label htmlFor={id} className={styles.label}>
                {label}
              </label>
              <UploadField
                id={id}
                kind={field.type}
                maxCount={field.max_count}
                items={(values[field.key] as UploadItem[]) ?? []}
                onChange={setUploads(field.key)}
                describedBy={invalid ? errorId : undefined}
              />
              {error}
            </div>
          );
        }
        return (
          <div key={field.key} className={styles.field}>
            <label htmlFor={id} className={styles.label}>
              {label}
            </label>
            {field.type === 'dropdown' ? (
              <select
                {...common}
                className={styles.select}
                value={String(values[field.key] ?? '')}
                onChange={(event) => set(field.key, event.target.value)}
              >
                <option value="">{field.placeholder || t('vote.choose')}</option>
                {(options[field.key]?.options ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : field.type === 'textarea' ? (
              <textarea
                {...common}
                className={styles.textarea}
                maxLength={2000}
                placeholder={field.placeholder}
                value={String(values[field.key] ?? '')}
                onChange={(event) => set(field.key, event.target.value)}
              />
            ) : (
              <input
                {...common}
                className={styles.input}
                type={field.type === 'phone' ? 'tel' : 'text'}
                inputMode={field.type === 'phone' ? 'tel' : undefined}
                autoComplete={field.type === 'phone' ? 'tel' : field.key === 'name' ? 'name' : undefined}
                maxLength={field.type === 'phone' ? 20 : 200}
                placeholder={field.placeholder}
                value={String(values[field.key] ?? '')}
                onChange={(event) => set(field.key, event.target.value)}
              />
            )}
            {error}
          </div>
        );
      })}
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        {contest.sign_up_fee_cents > 0 ? t('vote.submitAndPay') : t('vote.submit')}
      </button>
    </form>
  );
}
