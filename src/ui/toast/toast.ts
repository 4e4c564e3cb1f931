/** Imperative toasts, callable outside React (the API helper uses them). One message at a time; the newest wins. */
import { createStore } from '../../lib/store';

export type ToastState = { id: number; message: string; durationMs: number } | null;

export const toastStore = createStore<ToastState>(null);
let nextId = 1;

export function toast(message: string, options: { durationMs?: number } = {}): void {
  toastStore.update(() => ({ id: nextId++, message, durationMs: options.durationMs ?? 2000 }));
}

export function dismissToast(id: number): void {
  if (toastStore.get()?.id === id) toastStore.update(() => null);
}
