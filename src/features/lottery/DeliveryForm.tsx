import { useState, type FormEvent } from 'react';
import { useDraft } from '../../lib/draft';
import { useTranslation } from '../../lib/i18n';
import { isMobilePhone } from '../../lib/validators';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { input } from '../../ui/field/Field.css';
import { toast } from '../../ui/toast/toast';
import { saveDelivery, type Delivery } from './api';
import { note } from '../../ui/card/card.css';

type Errors = Partial<Record<'name' | 'phone' | 'address', string>>;
const EMPTY_DELIVERY = { name: '', phone: '', address: '' };

/** A winner's delivery form keeps a draft per lottery until it is sent. */
const deliveryDraftKey = (lotteryId: number) => `lottery-delivery:${lotteryId}`;

/** A winner's delivery details (name, phone, address), sent once. */
export function DeliveryForm({
  lotteryId,
  onSaved,
}: {
  lotteryId: number;
  onSaved(delivery: Delivery | null): void;
}) {
  const { t } = useTranslation();
  const [values, setValues, clearDraft] = useDraft(deliveryDraftKey(lotteryId), EMPTY_DELIVERY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!values.name.trim()) next.name = t('lottery.required', { field: t('lottery.name') });
    if (!values.phone.trim()) next.phone = t('lottery.required', { field: t('lottery.phone') });
    else if (!isMobilePhone(values.phone.trim())) next.phone = t('lottery.badPhone');
    if (!values.address.trim()) next.address = t('lottery.required', { field: t('lottery.address') });
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const saved = await saveDelivery({ lottery_id: lotteryId, ...values });
      clearDraft();
      toast(t('lottery.saved'));
      onSaved(saved);
    } catch {
      // The API helper showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className={note}>{t('lottery.deliveryOnce')}</p>
      <Field label={t('lottery.name')} required error={errors.name}>
        {(control) => (
          <input
            {...control}
            className={input()}
            value={values.name}
            onChange={set('name')}
            maxLength={32}
            placeholder={t('lottery.namePlaceholder')}
            autoComplete="name"
          />
        )}
      </Field>
      <Field label={t('lottery.phone')} required error={errors.phone}>
        {(control) => (
          <input
            {...control}
            className={input()}
            value={values.phone}
            onChange={set('phone')}
            maxLength={11}
            inputMode="numeric"
            placeholder={t('lottery.phonePlaceholder')}
            autoComplete="tel"
          />
        )}
      </Field>
      <Field label={t('lottery.address')} required error={errors.address}>
        {(control) => (
          <textarea
            {...control}
            className={input({ multiline: true })}
            value={values.address}
            onChange={set('address')}
            maxLength={200}
            placeholder={t('lottery.addressPlaceholder')}
            autoComplete="street-address"
          />
        )}
      </Field>
      <button type="submit" className={button({ block: true })} disabled={busy}>
        {t('lottery.submit')}
      </button>
    </form>
  );
}
