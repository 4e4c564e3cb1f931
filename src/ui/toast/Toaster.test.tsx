// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from './toast';
import { Toaster } from './Toaster';

afterEach(() => {
  vi.useRealTimers();
  toastStore.reset();
});

describe('Toaster', () => {
  it('announces a message as text and hides it after its duration', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => toast('<b>hi</b>'));
    expect(screen.getByRole('status').textContent).toBe('<b>hi</b>');
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
