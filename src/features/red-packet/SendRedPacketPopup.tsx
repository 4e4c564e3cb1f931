import './messages';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { button } from '../../ui/button/button.css';
import { Field } from '../../ui/field/Field';
import { form, input } from '../../ui/field/Field.css';
import type { ChatPopupProps } from '../chat/types';
import { useChatPayment } from '../chat/use-chat-payment';
import { validateRedPacket } from './validate';

/** The send-red-packet pop-up: total amount and number of shares, checked here and on the server, paid by WeChat Pay. */
export default function SendRedPacketPopup({ token, paymentKey, onClose }: ChatPopupProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [count, setCount] = useState('');
  const [greeting, setGreeting] = useState('');
  const [error, setError] = useState<{ field: 'amount' | 'count'; message: string } | null>(null);
  const { busy, pay } = useChatPayment(paymentKey, onClose);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRedPacket({ amount, count });
    if ('error' in checked) {
      // The amount's messages are about the amount; the rest about the number of shares.
      const field = checked.error.startsWith('redPacket.amount') ? 'amount' : 'count';
      setError({ field, message: t(checked.error, checked.values) });
      return;
    }
    setError(null);
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

  const errorOn = (field: 'amount' | 'count') => (error?.field === field ? error.message : undefined);
  return (
    <BottomPopup open onClose={onClose} title={t('redPacket.sendTitle')}>
      <form className={form} onSubmit={onSubmit} noValidate>
        <Field
          label={t('redPacket.amountLabel')}
          hint={t('redPacket.rules')}
          error={errorOn('amount')}
          required
        >
          {(control) => (
            <input
              {...control}
              className={input()}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              placeholder={t('redPacket.amountPlaceholder')}
            />
          )}
        </Field>
        <Field label={t('redPacket.countLabel')} error={errorOn('count')} required>
          {(control) => (
            <input
              {...control}
              className={input()}
              inputMode="numeric"
              autoComplete="off"
              value={count}
              onChange={(event) => setCount(event.target.value)}
              placeholder={t('redPacket.countPlaceholder')}
            />
          )}
        </Field>
        <Field label={t('redPacket.greetingLabel')}>
          {(control) => (
            <input
              {...control}
              className={input()}
              value={greeting}
              maxLength={40}
              autoComplete="off"
              onChange={(event) => setGreeting(event.target.value)}
              placeholder={t('redPacket.defaultGreeting')}
            />
          )}
        </Field>
        <button type="submit" className={button({ block: true })} disabled={busy}>
          {t('redPacket.pay')}
        </button>
      </form>
    </BottomPopup>
  );
}
