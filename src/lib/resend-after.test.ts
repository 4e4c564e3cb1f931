import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { resendAfter } from './resend-after';

describe('resendAfter', () => {
  it("reads a refusal's wait, and nothing else", () => {
    expect(resendAfter(new ApiError('wait', 'server', 429, { resend_after: 3600 }))).toBe(3600);
    expect(resendAfter(new ApiError('no wait', 'server', 500, null))).toBeNull();
    expect(resendAfter(new ApiError('zero', 'server', 429, { resend_after: 0 }))).toBeNull();
    expect(resendAfter(new Error('not from the server'))).toBeNull();
  });
});
