import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isRetryable, newIdempotencyKey, withRetries } from './idempotency';

describe('vote idempotency', () => {
  it('makes a fresh 32-hex-digit key per tap', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });

  it('retries transport failures with the same call and stops at the first success', async () => {
    const send = vi
      .fn<(last: boolean) => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('offline', 'network'))
      .mockRejectedValueOnce(new ApiError('slow', 'timeout'))
      .mockResolvedValueOnce('counted');
    await expect(withRetries(send, [0, 0])).resolves.toBe('counted');
    expect(send.mock.calls.map(([last]) => last)).toEqual([false, false, true]);
  });

  it('never retries a server answer such as the daily limit', async () => {
    const send = vi.fn(async () => {
      throw new ApiError('limit reached', 'server', 400);
    });
    await expect(withRetries(send, [0, 0])).rejects.toThrow('limit reached');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('gives up after the last delay', async () => {
    const send = vi.fn(async () => {
      throw new ApiError('offline', 'network');
    });
    await expect(withRetries(send, [0])).rejects.toThrow('offline');
    expect(send).toHaveBeenCalledTimes(2);
    expect(isRetryable(new Error('x'))).toBe(false);
  });
});
