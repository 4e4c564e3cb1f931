// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { now } from '../../lib/clock';

const sent: { path: string; at: number }[] = [];
let challengeDelayMs = 0;
vi.mock('../../lib/api', () => ({
  api: {
    post: vi.fn(async (path: string) => {
      if (path === '/v3/api/slide/challenge') {
        await new Promise((resolve) => setTimeout(resolve, challengeDelayMs));
        sent.push({ path, at: now() });
        return { challenge_id: 'c-1', expires_in: 120 };
      }
      sent.push({ path, at: now() });
      return { ticket: 't-1', expires_in: 300 };
    }),
  },
}));

afterEach(() => {
  sent.length = 0;
  vi.useRealTimers();
});

describe('useSlideTicket', () => {
  it('sends the verify no sooner than the server minimum after a challenge that came back late', async () => {
    vi.useFakeTimers();
    const { useSlideTicket, SERVER_MIN_SLIDE_MS } = await import('./slide-ticket');
    const { result } = renderHook(() => useSlideTicket('13900000000'));
    challengeDelayMs = 450;
    result.current.onStart();
    let passed: Promise<boolean> = Promise.resolve(false);
    // The slide ends 500 ms after it started, 50 ms after the challenge came back.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
      passed = result.current.onSlid([
        [0, 0],
        [1000, 500],
      ]);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent.map((call) => call.path)).toEqual(['/v3/api/slide/challenge']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SERVER_MIN_SLIDE_MS);
    });
    expect(await passed).toBe(true);
    const [challenge, verify] = sent;
    expect(verify.path).toBe('/v3/api/slide/verify');
    expect(verify.at - challenge.at).toBeGreaterThanOrEqual(SERVER_MIN_SLIDE_MS);
    expect(result.current.ticket).toBe('t-1');
  });

  it('does not hold a slide back that took longer than the minimum since the challenge', async () => {
    vi.useFakeTimers();
    const { useSlideTicket } = await import('./slide-ticket');
    const { result } = renderHook(() => useSlideTicket('13900000000'));
    challengeDelayMs = 50;
    result.current.onStart();
    let passed: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
      passed = result.current.onSlid([
        [0, 0],
        [1000, 600],
      ]);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent.map((call) => call.path)).toEqual(['/v3/api/slide/challenge', '/v3/api/slide/verify']);
    expect(await passed).toBe(true);
  });
});
