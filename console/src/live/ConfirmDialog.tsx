/**
 * A confirmation as a modal <dialog>: focus moves into it, on the safe choice (React's autoFocus acts only when the
 * closed dialog mounts, so it is focused on opening), the browser keeps it there and closes it on Escape; focus goes
 * back to the control that opened it when it closes.
 */
import { useEffect, useId, useRef } from 'react';
import * as styles from '../app/console.css.ts';
import * as live from './live.css.ts';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirm: string;
  cancel: string;
  onConfirm(): void;
  onClose(): void;
}) {
  const { open, title, message, confirm, cancel, onConfirm, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const safe = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      safe.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={live.dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={() => {
        if (opener.current instanceof HTMLElement) opener.current.focus();
        onClose();
      }}
    >
      <h2 id={titleId} className={styles.heading}>
        {title}
      </h2>
      <p id={messageId}>{message}</p>
      <div className={styles.row}>
        <button type="button" className={styles.button.primary} onClick={onConfirm}>
          {confirm}
        </button>
        <button ref={safe} type="button" className={styles.button.secondary} onClick={onClose}>
          {cancel}
        </button>
      </div>
    </dialog>
  );
}
