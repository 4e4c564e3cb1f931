/** The global loading indicator; the API helper counts pending requests and calls show/hide at 0 -> 1 and 1 -> 0. */
import { createStore } from '../../lib/store';

export const loadingStore = createStore({ visible: false });

export function showLoading(): void {
  loadingStore.update((draft) => {
    draft.visible = true;
  });
}

export function hideLoading(): void {
  loadingStore.update((draft) => {
    draft.visible = false;
  });
}
