import { useEffect, useRef } from 'react';

/**
 * Opens a native <dialog> as a modal while `open` is true. showModal() gives what a hand-made dialog struggles with:
 * the rest of the page becomes inert (a real focus trap), Escape fires `cancel`, and the top layer needs no z-index.
 * Focus goes back to the element that had it before, once the dialog closes.
 */
export function useModalDialog(open: boolean, onCancel: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef(onCancel);
  useEffect(() => {
    cancelRef.current = onCancel;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    const cancel = (event: Event) => {
      event.preventDefault();
      cancelRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      previous?.focus?.();
    };
  }, [open]);

  return ref;
}
