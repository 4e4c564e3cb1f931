// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import type * as ApiClient from '../../lib/api-client';
import type { PayOutcome, PayRequest } from '../payment/pay';

const DAY_MS = 86_400_000;
const OLD = Date.UTC(2027, 0, 15, 4);
const NEW = OLD + 30 * DAY_MS;
const plan = { id: 1, name: 'Monthly', price_cents: 1800, days: 30, benefits: ['Paid live events free'] };
const plansAnswer = (expires: number) => ({ plans: [plan], expires_at: expires, now: OLD - DAY_MS });

// Each GET of the plans waits until the test answers it, so the test decides the order the answers arrive in.
const pending: { resolve: (value: unknown) => void }[] = [];
const posts: { path: string; body: unknown }[] = [];
vi.mock('../../lib/api-client', async (original) => {
  const actual = await original<typeof ApiClient>();
  return {
    ...actual,
    apiGet: vi.fn(() => new Promise((resolve) => pending.push({ resolve }))),
    apiPost: vi.fn(async (path: string, body: unknown) => {
      posts.push({ path, body });
      return { order_sn: 'sn-1', t_type: 'wap', mweb_url: 'http://emulator/pay' };
    }),
  };
});
const payment = vi.hoisted(() => ({
  resume: null as PayOutcome | null,
  outcome: 'paid' as PayOutcome,
}));
vi.mock('../payment/pay', () => ({
  resumePayment: vi.fn(async () => payment.resume),
  payFor: vi.fn(async (request: PayRequest) => {
    await request.createOrder({ t_type: 'wap', idempotency_key: 'key-00000001' });
    return payment.outcome;
  }),
}));
const loadVideoDetail = vi.fn(async () => undefined);
vi.mock('../video/api', () => ({ loadVideoDetail }));

const { VipPage } = await import('./VipPage');
const date = (ms: number) =>
  new Date(ms).toLocaleDateString('en', { year: 'numeric', month: '2-digit', day: '2-digit' });
const answerNext = async (value: unknown) => {
  await waitFor(() => expect(pending.length).toBeGreaterThan(0));
  await act(async () => pending.shift()!.resolve(value));
};

beforeAll(async () => {
  await initI18n('en');
  await import('./texts');
});
afterEach(() => {
  cleanup();
  pending.length = 0;
  posts.length = 0;
  payment.resume = null;
  payment.outcome = 'paid';
  loadVideoDetail.mockClear();
});

describe('VipPage after a purchase', () => {
  it('shows the new expiry without a reload and reloads the event detail', async () => {
    render(<VipPage />);
    await answerNext(plansAnswer(OLD));
    expect(screen.getByRole('status').textContent).toBe(`Member until ${date(OLD)}`);

    fireEvent.click(screen.getByRole('button', { name: 'Renew for ¥18.00' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      path: '/v3/api/wechat/vip/order',
      body: { plan_id: 1, t_type: 'wap', idempotency_key: 'key-00000001' },
    });
    await answerNext(plansAnswer(NEW));
    expect(screen.getByRole('status').textContent).toBe(`Membership active until ${date(NEW)}`);
    expect(loadVideoDetail).toHaveBeenCalledWith({ quiet: true });
  });

  it('keeps the membership as it was when the payment did not go through', async () => {
    payment.outcome = 'cancelled';
    render(<VipPage />);
    await answerNext(plansAnswer(0));
    expect(screen.getByRole('status').textContent).toBe('You are not a member yet');
    fireEvent.click(screen.getByRole('button', { name: 'Join for ¥18.00' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    await act(async () => {});
    expect(pending).toHaveLength(0);
    expect(loadVideoDetail).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('You are not a member yet');
  });

  it('back from the H5 payment page: the first load answering last cannot bring the old expiry back', async () => {
    payment.resume = 'paid';
    render(<VipPage />);
    // Two requests: the first load and the one after the resumed payment.
    await waitFor(() => expect(pending).toHaveLength(2));
    const [first, afterPayment] = pending.splice(0, 2);
    await act(async () => afterPayment!.resolve(plansAnswer(NEW)));
    await act(async () => first!.resolve(plansAnswer(0)));
    expect(screen.getByRole('status').textContent).toBe(`Membership active until ${date(NEW)}`);
    expect(loadVideoDetail).toHaveBeenCalledWith({ quiet: true });
  });
});
