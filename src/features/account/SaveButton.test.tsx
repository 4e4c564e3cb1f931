// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import type * as ApiClient from '../../lib/api-client';

type Call = { method: 'get' | 'post'; path: string; body: unknown; options: unknown };
const calls: Call[] = [];
const answers: Record<string, unknown> = {};
let loggedIn = true;

vi.mock('../../lib/api-client', async (original) => {
  const actual = await original<typeof ApiClient>();
  const answer = (path: string) => {
    const value = answers[path];
    if (value instanceof Error) throw value;
    return value;
  };
  return {
    ...actual,
    apiGet: vi.fn(async (path: string, body: unknown, options: unknown) => {
      calls.push({ method: 'get', path, body, options });
      return answer(path);
    }),
    apiPost: vi.fn(async (path: string, body: unknown, options: unknown) => {
      calls.push({ method: 'post', path, body, options });
      return answer(path);
    }),
  };
});
vi.mock('../../lib/auth', async (original) => ({
  ...(await original<object>()),
  getAuthToken: () => (loggedIn ? 'token' : ''),
}));
const toast = vi.fn();
vi.mock('../../ui/toast/toast', () => ({ toast: (text: string) => toast(text) }));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  calls.length = 0;
  toast.mockReset();
  loggedIn = true;
});

const STATUS = '/v3/api/user/collect/status';
const SAVE = '/v3/api/user/collect/save';
const REMOVE = '/v3/api/user/collect/remove';

describe('SaveButton', () => {
  it('shows the saved state it reads, and removes, then saves again, each with the login flow', async () => {
    const { SaveButton } = await import('./SaveButton');
    answers[STATUS] = { saved: true };
    await act(async () => {
      render(<SaveButton kind="player" target="2:7" />);
    });
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(calls).toEqual([
      expect.objectContaining({ method: 'get', path: STATUS, body: { kind: 'player', target: '2:7' } }),
    ]);

    answers[REMOVE] = { saved: false };
    await act(async () => {
      fireEvent.click(button);
    });
    expect(calls[1]).toEqual({
      method: 'post',
      path: REMOVE,
      body: { kind: 'player', target: '2:7' },
      options: expect.objectContaining({ login: true }),
    });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(toast).toHaveBeenLastCalledWith('Removed from your collection');

    answers[SAVE] = { saved: true };
    await act(async () => {
      fireEvent.click(button);
    });
    expect(calls[2]).toMatchObject({ method: 'post', path: SAVE, options: { login: true } });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(toast).toHaveBeenLastCalledWith('Saved to your collection');
  });

  it('logged out: asks nothing until tapped, then saves through the login flow and stays unpressed if it does not go through', async () => {
    const { SaveButton } = await import('./SaveButton');
    const { ApiError } = await import('../../lib/api-client');
    loggedIn = false;
    answers[SAVE] = new ApiError('login required', 'login-required');
    await act(async () => {
      render(<SaveButton kind="video" target="vod" title="Product camp" compact />);
    });
    expect(calls).toEqual([]);
    const button = screen.getByRole('button', { name: 'Save Product camp' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(calls).toEqual([
      {
        method: 'post',
        path: SAVE,
        body: { kind: 'video', target: 'vod' },
        options: expect.objectContaining({ login: true }),
      },
    ]);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(toast).not.toHaveBeenCalled();
  });

  it('renders in zh-CN too', async () => {
    const { changeLocale } = await import('../../lib/i18n');
    const { SaveButton } = await import('./SaveButton');
    answers[STATUS] = { saved: false };
    await act(async () => {
      await changeLocale('zh-CN');
      render(<SaveButton kind="video" target="vod" />);
    });
    expect(screen.getByRole('button', { name: '收藏' }).getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      await changeLocale('en');
    });
  });
});
