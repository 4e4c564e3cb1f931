/**
 * Every vote tap gets one idempotency key; retries of that tap reuse it, so the server counts the tap once however
 * many times the network makes us send it. Only transport failures are retried: a server answer (limit reached,
 * contest closed) is final.
 */
import { ApiError } from '../../lib/api-client';

/** 128 random bits as hex. crypto.getRandomValues works on plain http too (randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `send` until it succeeds, fails with a server answer, or `delaysMs` runs out (one retry per delay). */
export async function withRetries<T>(
  send: (isLastAttempt: boolean) => Promise<T>,
  delaysMs: readonly number[] = [400, 1200],
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const isLast = attempt >= delaysMs.length;
    try {
      return await send(isLast);
    } catch (error) {
      if (isLast || !isRetryable(error)) throw error;
      await wait(delaysMs[attempt]);
    }
  }
}
