// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import type * as ApiClient from '../../lib/api-client';
import type { VideoInfo } from '../video/types';

const calls: { path: string; body: unknown }[] = [];
const answers: Record<string, unknown> = {};
vi.mock('../../lib/api-client', async (original) => {
  const actual = await original<typeof ApiClient>();
  return {
    ...actual,
    apiPost: vi.fn(async (path: string, body: unknown) => {
      calls.push({ path, body });
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      return answer;
    }),
  };
});
const loadVideoDetail = vi.fn(async () => undefined);
vi.mock('../video/api', () => ({ loadVideoDetail }));

beforeAll(async () => {
  await initI18n('en');
  await import('../../lib/messages');
  await import('./texts');
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  calls.length = 0;
  vi.useRealTimers();
});

describe('phoneFormError', () => {
  it('asks for the phone first (spec message), then a valid one, then the code (spec message)', async () => {
    const { phoneFormError } = await import('./PhonePopup');
    const t = i18n.t;
    expect(phoneFormError({ phone: ' ', code: '' }, 'send', t)).toBe('Please input mobile phone number');
    expect(phoneFormError({ phone: '12345678901', code: '' }, 'send', t)).toBe(
      'Please enter a valid mobile phone number',
    );
    expect(phoneFormError({ phone: '13912345678', code: '' }, 'send', t)).toBe('');
    expect(phoneFormError({ phone: '13912345678', code: '' }, 'bind', t)).toBe(
      'Please enter the verification code',
    );
    expect(phoneFormError({ phone: '13912345678', code: '12a456' }, 'bind', t)).toBe(
      'The verification code is 6 digits',
    );
    expect(phoneFormError({ phone: '13912345678', code: '123456' }, 'bind', t)).toBe('');
  });
});

describe('PhonePopup', () => {
  const info = { token: 'phone-e2e' } as VideoInfo;

  /** Moves the slider to the end with the arrow keys; the (mocked) server passes the check with 'ticket-1'. */
  async function slide() {
    answers['/v3/api/slide/challenge'] = { challenge_id: 'challenge-1', expires_in: 120 };
    answers['/v3/api/slide/verify'] = { ticket: 'ticket-1' };
    const slider = screen.getByRole('slider', { hidden: true });
    for (let step = 0; step < 10; step++)
      await act(async () => {
        fireEvent.keyDown(slider, { key: 'ArrowRight' });
      });
    // The keys slide faster than the server's minimum since the challenge: the verify waits for it.
    const { SERVER_MIN_SLIDE_MS } = await import('../../ui/slide-check/slide-ticket');
    await act(async () => {
      if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(SERVER_MIN_SLIDE_MS);
      else await new Promise((resolve) => setTimeout(resolve, SERVER_MIN_SLIDE_MS + 50));
    });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getAllByText('Verified').length).toBeGreaterThan(0);
  }

  it('validates, requests a code with a resend countdown, binds, confirms and reloads the detail', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { PhonePopup } = await import('./PhonePopup');
    const onClose = vi.fn();
    render(<PhonePopup info={info} onClose={onClose} />);
    const submit = screen.getByRole('button', { name: 'Bind and watch', hidden: true });

    fireEvent.click(submit);
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('Please input mobile phone number');
    fireEvent.change(screen.getByLabelText(/^Mobile phone/), { target: { value: '13912345678' } });
    fireEvent.click(submit);
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe(
      'Please enter the verification code',
    );
    expect(calls).toEqual([]);

    // No code before the slide check passes (the server refuses one without its ticket).
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Get code', hidden: true }));
    });
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('Please slide to verify');
    expect(calls).toEqual([]);
    await slide();
    expect(calls.map((call) => call.path)).toEqual(['/v3/api/slide/challenge', '/v3/api/slide/verify']);
    calls.length = 0;

    answers['/v3/api/phone/sms/bind'] = { resend_after: 60 };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Get code', hidden: true }));
    });
    expect(calls).toEqual([
      { path: '/v3/api/phone/sms/bind', body: { phone: '13912345678', ticket: 'ticket-1' } },
    ]);
    // The ticket paid for that code: the slider starts over for the next one.
    expect(screen.getByRole('slider', { hidden: true }).getAttribute('aria-valuenow')).toBe('0');
    const resend = screen.getByRole('button', { name: 'Resend in 60 s', hidden: true });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(resend.textContent).toBe('Resend in 59 s');

    answers['/v2/api/user/phone/bind'] = { phone: '139****5678' };
    answers['/v3/api/video/watch_phone'] = { bound: true, phone: '139****5678' };
    fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: '654321' } });
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(calls.slice(1).map((call) => call.path)).toEqual([
      '/v2/api/user/phone/bind',
      '/v3/api/video/watch_phone',
    ]);
    expect(calls[1]?.body).toEqual({ phone: '13912345678', code: '654321' });
    expect(onClose).toHaveBeenCalled();
    expect(loadVideoDetail).toHaveBeenCalledWith({ quiet: true });
  });

  it('asks an anonymous viewer to log in first', async () => {
    const { PhonePopup } = await import('./PhonePopup');
    const { ApiError } = await import('../../lib/api-client');
    answers['/v3/api/phone/sms/bind'] = new ApiError('login required', 'login-required');
    render(<PhonePopup info={info} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(/^Mobile phone/), { target: { value: '13912345678' } });
    await slide();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Get code', hidden: true }));
    });
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('Please log in first');
  });
});
