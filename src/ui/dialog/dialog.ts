/** Imperative dialogs: `await showDialog({ message })` resolves true on confirm, false on cancel or Escape. */
import { createStore } from '../../lib/store';

export type DialogOptions = {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  /** false for notices such as 'Tip: you have cancelled the payment', which have no cancel button. */
  showCancel?: boolean;
};

type OpenDialog = DialogOptions & { id: number; resolve(confirmed: boolean): void };

export const dialogStore = createStore<OpenDialog[]>([]);
let nextId = 1;

export function showDialog(options: DialogOptions): Promise<boolean> {
  return new Promise((resolve) => {
    dialogStore.update((draft) => {
      draft.push({ ...options, id: nextId++, resolve });
    });
  });
}

export function settleDialog(id: number, confirmed: boolean): void {
  const dialog = dialogStore.get().find((item) => item.id === id);
  if (!dialog) return;
  dialogStore.update((draft) => draft.filter((item) => item.id !== id));
  dialog.resolve(confirmed);
}
