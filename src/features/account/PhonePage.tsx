import './texts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../ui/toast/toast';
import { bindPhone, fetchUserInfo } from './api';
import { PhoneCodeForm } from './PhoneCodeForm';
import * as styles from './account.css';

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
    <section className={styles.section} aria-labelledby="phone-heading">
      <h1 id="phone-heading" className={styles.heading}>
        {t('account.phone.title')}
      </h1>
      <p className={styles.muted}>
        {phone ? t('account.phone.current', { phone }) : t('account.phone.none')}
      </p>
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
