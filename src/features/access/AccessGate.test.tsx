// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import type { VideoInfo } from '../video/types';
import { AccessGate } from './AccessGate';

const { resumePayment, loadVideoDetail } = vi.hoisted(() => ({
  resumePayment: vi.fn(async (_key: string) => 'paid' as const),
  loadVideoDetail: vi.fn(async () => undefined),
}));
vi.mock('../payment/pay', () => ({ resumePayment, loginPaymentKey: (path: string) => `login:${path}` }));
vi.mock('../video/api', () => ({ loadVideoDetail }));

const info = {
  token: 'vip-secret',
  cover: '',
  price: 300,
  needs_password: true,
  needs_info_form: false,
  needs_phone: false,
  can_watch: false,
} as VideoInfo;

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('AccessGate', () => {
  it('tells a member that the paid video is free for them while another gate still stands', () => {
    render(<AccessGate info={{ ...info, vip_free: true }} gate="password" />);
    expect(screen.getByText('This video is protected by a password')).toBeTruthy();
    expect(screen.getByText('VIP member: this paid video is free for you')).toBeTruthy();
  });

  it('says nothing of membership to a viewer who is not a member', () => {
    render(<AccessGate info={{ ...info, vip_free: false }} gate="password" />);
    expect(screen.queryByText('VIP member: this paid video is free for you')).toBeNull();
  });

  it('checks a purchase that was replayed after a login on return from the H5 payment page, then reloads', async () => {
    sessionStorage.setItem('livev3:pay:pending', JSON.stringify({ key: 'login:/v3/api/wechat/video/pay' }));
    try {
      render(<AccessGate info={info} gate="pay" />);
      await waitFor(() => expect(loadVideoDetail).toHaveBeenCalled());
      expect(resumePayment).toHaveBeenCalledWith('login:/v3/api/wechat/video/pay');
    } finally {
      sessionStorage.clear();
    }
  });
});
