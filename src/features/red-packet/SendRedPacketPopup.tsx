import './messages';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { primaryButton } from '../../ui/button/button.css';
import { useChatPayment } from '../chat/use-chat-payment';
import { validateRedPacket } from './validate';
import * as styles from './RedPacket.css';

/** The send-red-packet pop-up: total amount and number of shares, checked here and on the server, paid by WeChat Pay. */
export default function SendRedPacketPopup({
  token,
  paymentKey,
  onClose,
}: {
  token: string;
  paymentKey: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [count, setCount] = useState('');
  const [greeting, setGreeting] = useState('');
  const [error, setError] = useState('');
  const { busy, pay } = useChatPayment(paymentKey, onClose);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRedPacket({ amount, count });
    if ('error' in checked) {
      setError(t(checked.error, checked.values));
      return;
    }
    setError('');
    await pay((input) =>
      api.post(
        '/v3/api/wechat/redpack/send',
        {
          token,
          amount: checked.input.amountCents,
          count: checked.input.count,
          greeting: greeting.trim(),
          ...input,
        },
        { login: true },
      ),
    );
  };

  return (
    <BottomPopup open onClose={onClose} title={t('redPacket.sendTitle')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label className={styles.field} htmlFor={`${id}-amount`}>
          {t('redPacket.amountLabel')}
          <input
            id={`${id}-amount`}
            className={styles.input}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            placeholder={t('redPacket.amountPlaceholder')}
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-error`}
          />
        </label>
        <label className={styles.field} htmlFor={`${id}-count`}>
          {t('redPacket.countLabel')}
          <input
            id={`${id}-count`}
            className={styles.input}
            inputMode="numeric"
            value={count}
            onChange={(event) => setCount(event.target.value)}
            placeholder={t('redPacket.countPlaceholder')}
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-error`}
          />
        </label>
        <label className={styles.field} htmlFor={`${id}-greeting`}>
          {t('redPacket.greetingLabel')}
          <input
            id={`${id}-greeting`}
            className={styles.input}
            value={greeting}
            maxLength={40}
            onChange={(event) => setGreeting(event.target.value)}
            placeholder={t('redPacket.defaultGreeting')}
          />
        </label>
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
        <p className={styles.hint}>{t('redPacket.rules')}</p>
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('redPacket.pay')}
        </button>
      </form>
    </BottomPopup>
  );
}
