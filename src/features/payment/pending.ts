/**
 * The H5 payment waiting to be checked when the page comes back. Tiny on purpose: pages on the first load ask
 * `hasPendingPayment(key)` and import the payment flow only when the answer is yes.
 */
export const PENDING_KEY = 'livev3:pay:pending';

export function hasPendingPayment(key: string): boolean {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    return raw !== null && (JSON.parse(raw) as { key?: unknown }).key === key;
  } catch {
    return false;
  }
}

/** Window event sent when a pending H5 payment was checked after the page became visible again. */
export const PAYMENT_RESUMED_EVENT = 'livev3:payment-resumed';
export type PaymentResumedDetail = { key: string; outcome: 'paid' | 'cancelled' | 'failed' | 'redirected' };

/** Calls `listener` with the outcome of the pending payment `key` when it is re-checked; returns the unsubscribe. */
export function onPaymentResumed(
  key: string,
  listener: (outcome: PaymentResumedDetail['outcome']) => void,
): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<PaymentResumedDetail>).detail;
    if (detail?.key === key) listener(detail.outcome);
  };
  window.addEventListener(PAYMENT_RESUMED_EVENT, handler);
  return () => window.removeEventListener(PAYMENT_RESUMED_EVENT, handler);
}
