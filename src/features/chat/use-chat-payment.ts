import './messages';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../ui/toast/toast';
import { payFor, type PayRequest } from '../payment';

/**
 * The chat room's paid pop-ups (gift, red packet): pay for an order through the payment flow; once paid, say so and
 * close. `busy` is true while a payment runs.
 */
export function useChatPayment(paymentKey: string, onClose: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pay = async (createOrder: PayRequest['createOrder']) => {
    setBusy(true);
    try {
      if ((await payFor({ key: paymentKey, createOrder })) === 'paid') {
        toast(t('chat.paid'));
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return { busy, pay };
}
