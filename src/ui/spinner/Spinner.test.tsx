// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DelayedSpinner } from './Spinner';

describe('DelayedSpinner', () => {
  it('shows nothing before the delay and a labelled progressbar after', () => {
    vi.useFakeTimers();
    render(<DelayedSpinner delayMs={200} label="Loading" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    vi.useRealTimers();
  });
});
