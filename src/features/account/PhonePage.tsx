import './texts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../ui/toast/toast';
import { card, note } from '../../ui/card/card.css';
import { bindPhone, fetchUserInfo } from './api';
import { PhoneCodeForm } from './PhoneCodeForm';
import { heading } from './page.css';

/** Bind or change the phone: the masked number, then the same slide check + SMS code flow as the login. */
export function PhonePage() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState<string | null>(null);
  useEffect(() => {
    fetchUserInfo({ quiet: true })
      .then((info) => setPhone(info.phone))
      .catch(() => {});
  }, []);
  return (
    <section className={card} aria-labelledby="phone-heading">
      <h2 id="phone-heading" className={heading}>
        {t('account.phone.title')}
      </h2>
      <p className={note}>{phone ? t('account.phone.current', { phone }) : t('account.phone.none')}</p>
      <PhoneCodeForm
        purpose="bind"
        submitLabel={phone ? t('account.phone.change') : t('account.phone.submit')}
        onSubmit={async (number, code) => {
          const answer = await bindPhone(number, code);
          setPhone(answer.phone);
          toast(t('account.phone.bound'));
        }}
      />
    </section>
  );
}
