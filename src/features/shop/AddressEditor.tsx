import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDraft } from '../../lib/draft';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { safeRedirectPath } from '../../lib/safe-url';
import { isMobilePhone } from '../../lib/validators';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { check, input } from '../../ui/field/Field.css';
import { toast } from '../../ui/toast/toast';
import { card, heading } from '../../ui/card/card.css';
import { fetchAddresses, saveAddress, type Address, type AddressInput } from './api';
import { loadRegions, type Regions } from './regions';
import { addressesPage } from './routes';
import { LoadState } from './States';
import { useLoad } from '../../lib/use-load';
import { queryId } from './format';
import * as styles from './AddressEditor.css';

type Draft = Omit<AddressInput, 'id'> & { is_default: boolean };
type FieldKey = 'name' | 'phone' | 'province' | 'city' | 'district' | 'detail';
const EMPTY: Draft = {
  name: '',
  phone: '',
  province: '',
  city: '',
  district: '',
  detail: '',
  is_default: false,
};

/** The address editor's draft: one for a new address, one per address being changed (kept until it is saved). */
const addressDraftKey = (id: number | null) => `shop-address:${id ?? 'new'}`;

/** Only a page of the app may be where the editor returns to. */
function safeBack(raw: string | null): string {
  return safeRedirectPath(raw) ?? addressesPage();
}

/** Adds (no `id`) or edits an address; `back` is the page to return to. */
export function AddressEditor() {
  const [params] = useSearchParams();
  const id = queryId(params.get('id'));
  const loaded = useLoad(
    () => Promise.all([loadRegions(), id === null ? null : fetchAddresses()] as const),
    [id],
  );
  if (!loaded.data) return <LoadState failed={loaded.failed} onRetry={loaded.reload} />;
  const [regions, addresses] = loaded.data;
  const existing = addresses?.list.find((address) => address.id === id);
  return (
    <AddressForm
      key={existing?.id ?? 'new'}
      regions={regions}
      existing={existing}
      back={safeBack(params.get('back'))}
    />
  );
}

function AddressForm({ regions, existing, back }: { regions: Regions; existing?: Address; back: string }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [draft, setDraft, clearDraft] = useDraft<Draft>(
    addressDraftKey(existing?.id ?? null),
    existing ? { ...existing } : EMPTY,
  );
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...patch }));
  const cities = Object.hasOwn(regions, draft.province) ? regions[draft.province] : {};
  const districts = Object.hasOwn(cities, draft.city) ? cities[draft.city] : [];
  const label = (key: FieldKey) =>
    t(`shop.${key === 'detail' ? 'detail' : key === 'name' ? 'receiver' : key}`);

  const validate = () => {
    const found: Partial<Record<FieldKey, string>> = {};
    for (const key of ['name', 'phone', 'province', 'city', 'district', 'detail'] as const) {
      if (!draft[key].trim()) found[key] = t('shop.required', { field: label(key) });
    }
    if (!found.phone && !isMobilePhone(draft.phone.trim())) found.phone = t('shop.badPhone');
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setBusy(true);
    try {
      const saved = await saveAddress({ ...draft, ...(existing ? { id: existing.id } : {}) });
      clearDraft();
      toast(t('shop.saved'));
      // A page that sent the viewer here to add an address (the checkout) gets the new one to select.
      navigate(back, existing ? {} : { address_id: saved.id });
    } catch {
      // shown by the API helper
    } finally {
      setBusy(false);
    }
  };
  const select = (
    key: 'province' | 'city' | 'district',
    options: string[],
    onChange: (value: string) => void,
  ) => (
    <Field label={label(key)} error={errors[key]} required>
      {(control) => (
        <select
          {...control}
          className={input()}
          value={draft[key]}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('shop.choose')}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <form className={`${card} ${styles.form}`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 className={heading}>{existing ? t('shop.editAddress') : t('shop.newAddress')}</h2>
      <Field label={label('name')} error={errors.name} required>
        {(control) => (
          <input
            {...control}
            className={input()}
            value={draft.name}
            maxLength={30}
            autoComplete="name"
            onChange={(event) => set({ name: event.target.value })}
          />
        )}
      </Field>
      <Field label={label('phone')} hint={t('shop.phoneHint')} error={errors.phone} required>
        {(control) => (
          <input
            {...control}
            className={input()}
            value={draft.phone}
            inputMode="tel"
            maxLength={11}
            autoComplete="tel-national"
            onChange={(event) => set({ phone: event.target.value })}
          />
        )}
      </Field>
      <div className={styles.regionRow}>
        {select('province', Object.keys(regions), (province) => set({ province, city: '', district: '' }))}
        {select('city', Object.keys(cities), (city) => set({ city, district: '' }))}
        {select('district', districts, (district) => set({ district }))}
      </div>
      <Field label={label('detail')} hint={t('shop.detailHint')} error={errors.detail} required>
        {(control) => (
          <textarea
            {...control}
            className={input({ multiline: true })}
            value={draft.detail}
            maxLength={120}
            onChange={(event) => set({ detail: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('shop.makeDefault')} inline>
        {(control) => (
          <input
            {...control}
            type="checkbox"
            className={check}
            checked={draft.is_default}
            onChange={(event) => set({ is_default: event.target.checked })}
          />
        )}
      </Field>
      <button type="submit" className={button({ block: true })} disabled={busy}>
        {t('shop.save')}
      </button>
    </form>
  );
}
