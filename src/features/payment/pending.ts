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
