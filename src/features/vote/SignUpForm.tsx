import '../../lib/messages';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { useDraft } from '../../lib/draft';
import { formatPrice } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import { isMobilePhoneLoose } from '../../lib/validators';
import { button } from '../../ui/button/button.css';
import { actions, body, card, heading } from '../../ui/card/card.css';
import { Field } from '../../ui/field/Field';
import { check, choice, form, input } from '../../ui/field/Field.css';
import { FieldGroup } from '../../ui/field/FieldGroup';
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
  draftValues,
  emptyValue,
  firstMissing,
  hasPendingUploads,
  toSubmission,
  type FormValues,
  type UploadItem,
} from './sign-up-form';
import { UploadField, uploadLimit } from './UploadField';
import { explainLoginRequired } from './vote-actions';
import * as styles from './SignUpForm.css';

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
    <section className={card} aria-labelledby="sign-mask-title" data-testid="sign-mask">
      <h2 id="sign-mask-title" className={heading}>
        {t('vote.signedUpAs', { name: signUp.name })}
      </h2>
      <p className={body} role="status">
        {t(`vote.signStatus.${signUp.status}`, { number: signUp.number ?? '' })}
      </p>
      {signUp.status === 'unpaid' ? (
        <div className={actions}>
          <button type="button" className={button()} disabled={busy} onClick={() => void pay()}>
            {t('vote.payRegistration', { price: formatPrice(signUp.fee_cents) })}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The sign-up form's draft, one per contest (kept until the sign-up is sent). */
const signUpDraftKey = (voteId: number) => `vote-sign-up:${voteId}`;

function SignUpForm({ contest, onDone }: { contest: Contest; onDone(signUp: SignUp): void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // The organiser's labels and placeholders in the viewer's language (their English version where written).
  const fields = useMemo(
    () =>
      contest.fields.map((field) => ({
        ...field,
        label: localized(field.label, field.label_en, language),
        placeholder: localized(field.placeholder, field.placeholder_en, language),
      })),
    [contest.fields, language],
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [blank] = useState<FormValues>(() =>
    Object.fromEntries(fields.map((field) => [field.key, emptyValue(field)])),
  );
  const [values, setValues, clearDraft] = useDraft(signUpDraftKey(contest.id), blank, draftValues);
  const [options, setOptions] = useState<Record<string, FieldOptions>>({});
  const [error, setError] = useState<{ key: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const wants = (type: FormField['type']) => contest.fields.some((field) => field.type === type);
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
  }, [contest.id, contest.fields]);

  const set = (key: string, value: FormValues[string]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setUploads = (key: string) => (update: (items: UploadItem[]) => UploadItem[]) =>
    setValues((current) => ({ ...current, [key]: update((current[key] as UploadItem[]) ?? []) }));
  const showError = (key: string, message: string) => {
    setError({ key, message });
    toast(message);
    formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(key)}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasPendingUploads(values)) {
      toast(t('vote.waitForUploads'));
      return;
    }
    const missing = firstMissing(fields, values);
    if (missing) return showError(missing.key, t('messages.fieldRequired', { field: missing.label }));
    const phone = fields.find(
      (field) => field.type === 'phone' && String(values[field.key] ?? '').trim() !== '',
    );
    if (phone && !isMobilePhoneLoose(String(values[phone.key]).trim()))
      return showError(phone.key, t('vote.badPhone'));
    setError(null);
    setBusy(true);
    try {
      const signUp = await applySignUp(contest.id, toSubmission(fields, values));
      clearDraft();
      onDone(signUp);
      void loadContest(contest.id, 'sign');
    } catch (failure) {
      // The server's message has been shown; a missing login has not.
      explainLoginRequired(failure);
    } finally {
      setBusy(false);
    }
  };

  const control = (field: FormField) => {
    const errorText = error?.key === field.key ? error.message : undefined;
    if (field.type === 'checkbox') {
      const chosen = (values[field.key] as string[]) ?? [];
      const max = options[field.key]?.max_count || field.max_count;
      return (
        <FieldGroup
          key={field.key}
          legend={field.label}
          required={field.required}
          hint={max > 0 ? t('vote.chooseUpTo', { count: max }) : undefined}
          error={errorText}
        >
          {(options[field.key]?.options ?? []).map((option) => (
            <label key={option.value} className={choice}>
              <input
                className={check}
                type="checkbox"
                name={field.key}
                value={option.value}
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
              {localized(option.label, option.label_en, language)}
            </label>
          ))}
        </FieldGroup>
      );
    }
    const hint =
      field.type === 'images'
        ? t('vote.imagesHint', { count: uploadLimit('images', field.max_count) })
        : field.type === 'video'
          ? t('vote.videoHint')
          : undefined;
    return (
      <Field key={field.key} label={field.label} hint={hint} error={errorText} required={field.required}>
        {(props) =>
          field.type === 'images' || field.type === 'video' ? (
            <UploadField
              control={{ ...props, name: field.key }}
              kind={field.type}
              maxCount={field.max_count}
              items={(values[field.key] as UploadItem[]) ?? []}
              onChange={setUploads(field.key)}
            />
          ) : field.type === 'dropdown' ? (
            <select
              {...props}
              name={field.key}
              className={input()}
              value={String(values[field.key] ?? '')}
              onChange={(event) => set(field.key, event.target.value)}
            >
              <option value="">{field.placeholder || t('vote.choose')}</option>
              {(options[field.key]?.options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {localized(option.label, option.label_en, language)}
                </option>
              ))}
            </select>
          ) : field.type === 'textarea' ? (
            <textarea
              {...props}
              name={field.key}
              className={input({ multiline: true })}
              maxLength={2000}
              placeholder={field.placeholder}
              value={String(values[field.key] ?? '')}
              onChange={(event) => set(field.key, event.target.value)}
            />
          ) : (
            <input
              {...props}
              name={field.key}
              className={input()}
              type={field.type === 'phone' ? 'tel' : 'text'}
              inputMode={field.type === 'phone' ? 'tel' : undefined}
              autoComplete={field.type === 'phone' ? 'tel' : field.key === 'name' ? 'name' : undefined}
              maxLength={field.type === 'phone' ? 20 : 200}
              placeholder={field.placeholder}
              value={String(values[field.key] ?? '')}
              onChange={(event) => set(field.key, event.target.value)}
            />
          )
        }
      </Field>
    );
  };

  return (
    <form ref={formRef} className={`${card} ${form}`} onSubmit={(event) => void submit(event)} noValidate>
      {contest.sign_up_fee_cents > 0 ? (
        <p className={styles.fee}>
          {t('vote.registrationFee', { price: formatPrice(contest.sign_up_fee_cents) })}
        </p>
      ) : null}
      {fields.map(control)}
      <button type="submit" className={button()} disabled={busy}>
        {contest.sign_up_fee_cents > 0 ? t('vote.submitAndPay') : t('vote.submit')}
      </button>
    </form>
  );
}
