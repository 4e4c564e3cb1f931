// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { showDialog } from './dialog';
import { DialogHost } from './DialogHost';

describe('DialogHost', () => {
  // The dialog's code is a lazy chunk: compiled on its first import, which on a loaded machine outlasts the queries'
  // 1 s. Loaded before the tests, the host's own import of it resolves at once, as a cached chunk does in the app.
  beforeAll(() => import('./AlertDialog'));

  it('resolves true on confirm and false on cancel', async () => {
    render(<DialogHost />);
    let result: Promise<boolean> = Promise.resolve(false);
    act(() => {
      result = showDialog({ title: 'T', message: 'M', confirmText: 'Yes', cancelText: 'No' });
    });
    expect((await screen.findByRole('dialog', { hidden: true })).textContent).toContain('M');
    fireEvent.click(screen.getByText('Yes'));
    await expect(result).resolves.toBe(true);

    act(() => {
      result = showDialog({ message: 'again', cancelText: 'No' });
    });
    fireEvent.click(await screen.findByText('No'));
    await expect(result).resolves.toBe(false);
  });

  it('has no cancel button for notices and treats Escape as cancel', async () => {
    render(<DialogHost />);
    let result: Promise<boolean> = Promise.resolve(true);
    act(() => {
      result = showDialog({
        message: 'Tip: you have cancelled the payment',
        showCancel: false,
        confirmText: 'OK',
      });
    });
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(dialog.querySelectorAll('button')).toHaveLength(1);
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await expect(result).resolves.toBe(false);
  });
});
