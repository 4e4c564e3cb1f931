import { ApiError } from './api-client';

/**
 * The seconds a refused code request says to wait (`data.resend_after`: this server's 60 s, or the SMS provider's
 * limit on the number), if it says: the resend countdown follows it.
 */
export function resendAfter(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return null;
  const seconds = (error.data as { resend_after?: unknown }).resend_after;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}
