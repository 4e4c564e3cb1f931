import './texts';
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { check, form as formLayout, input } from '../../ui/field/Field.css';
import { toast } from '../../ui/toast/toast';
import { card, note } from '../../ui/card/card.css';
import { actions, formError, heading } from './page.css';

type Form = {
  name: string;
  phone: string;
  company: string;
  position: string;
  remark: string;
  agreement: boolean;
};
const EMPTY: Form = { name: '', phone: '', company: '', position: '', remark: '', agreement: false };

/**
 * The information form some events ask for before watching, as a page, prefilled when already given, with its two
 * messages word for word.
 */
export function InformationPage() {
  const { t } = useTranslation();
  const { videoToken } = launchStore.get();
  const [form, setForm] = useState<Form>(EMPTY);
  const [prefilled, setPrefilled] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!videoToken) return;
    api
      .get('/v3/api/user/collect_info', { token: videoToken }, { login: true, quiet: true })
      .then((given) => {
        if (!given) return;
        setForm({ ...EMPTY, ...given });
        setPrefilled(true);
      })
      .catch(() => {});
  }, [videoToken]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.phone.trim()) return setError(t('messages.infoNameAndPhone'));
    if (!form.company.trim()) return setError(t('messages.infoCompany'));
    setBusy(true);
    setError('');
    try {
      await api.post(
        '/v3/api/user/collect_info',
        { token: videoToken, ...form },
        { login: true, noErrorToast: true },
      );
      toast(t('account.info.saved'));
      setPrefilled(true);
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'login-required') setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const text = (key: 'name' | 'company' | 'position' | 'remark', required = false) => (
    <Field label={t(`account.info.${key}`)} required={required}>
      {(control) => (
        <input
          {...control}
          className={input()}
          maxLength={key === 'remark' ? 200 : 64}
          value={form[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <section className={card} aria-labelledby="info-heading">
      <h2 id="info-heading" className={heading}>
        {t('account.info.title')}
      </h2>
      {prefilled ? <p className={note}>{t('account.info.prefilled')}</p> : null}
      <form className={formLayout} onSubmit={submit} noValidate>
        {text('name', true)}
        <Field label={t('account.info.phone')} required>
          {(control) => (
            <input
              {...control}
              className={input()}
              type="tel"
              maxLength={32}
              placeholder={t('messages.infoPhonePlaceholder')}
              value={form.phone}
              onChange={(event) => set('phone', event.target.value)}
            />
          )}
        </Field>
        {text('company', true)}
        {text('position')}
        {text('remark')}
        <Field label={t('account.info.agreement')} inline>
          {(control) => (
            <input
              {...control}
              type="checkbox"
              className={check}
              checked={form.agreement}
              onChange={(event) => set('agreement', event.target.checked)}
            />
          )}
        </Field>
        {error ? (
          <p className={formError} role="alert">
            {error}
          </p>
        ) : null}
        <div className={actions}>
          <button type="submit" className={button({ block: true })} disabled={busy}>
            {t('account.info.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
