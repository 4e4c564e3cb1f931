// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from './use-load';

/** A load whose answers the test gives, one per call, in any order. */
function answers() {
  const pending: { resolve(value: string): void; reject(error: Error): void }[] = [];
  const load = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

describe('useLoad', () => {
  it('keeps the data while a reload fails, and clears the failure on the next answer', async () => {
    const { load, pending } = answers();
    const { result } = renderHook(() => useLoad(load, []));
    expect(result.current).toMatchObject({ data: undefined, failed: false });
    await act(async () => pending[0].resolve('first'));
    expect(result.current).toMatchObject({ data: 'first', failed: false });

    act(() => result.current.reload());
    await waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1].reject(new Error('offline')));
    expect(result.current).toMatchObject({ data: 'first', failed: true });

    act(() => result.current.reload());
    await waitFor(() => expect(pending).toHaveLength(3));
    await act(async () => pending[2].resolve('third'));
    expect(result.current).toMatchObject({ data: 'third', failed: false });
  });

  it('drops a late answer for inputs that changed', async () => {
    const { load, pending } = answers();
    const { result, rerender } = renderHook(({ id }) => useLoad(load, [id]), { initialProps: { id: 1 } });
    rerender({ id: 2 });
    await waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1].resolve('for 2'));
    await act(async () => pending[0].resolve('for 1'));
    expect(result.current.data).toBe('for 2');
  });
});
