/**
 * The console's confirmation before an action that cannot be taken back (deleting a chat line, muting, rotating a
 * stream key, ending a broadcast). A modal <dialog> (showModal): the browser keeps focus inside it and closes it on
 * Escape; focus starts on the confirming button, or on Cancel where the question says the safe choice comes first,
 * and goes back to the control that opened it (or, when that control is gone or goes soon after, such as a deleted
 * line's button, to the fallback the caller names). While the action runs, both buttons wait.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import * as styles from './console.css.ts';
import { useT } from './i18n.ts';

/** How long after closing focus still moves to the fallback if the control it went back to is removed. */
const SETTLE_MS = 2000;

export interface Asked {
  title: string;
  message: string;
  confirm: string;
  /** Where focus starts: on the confirming button (default) or, for the weightier actions, on Cancel. */
  focus?: 'confirm' | 'cancel';
  run(): Promise<void> | void;
}

export function useConfirm(fallbackFocus: () => HTMLElement | null) {
  const { t } = useT();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    if (!asked) return;
    dialog.current?.showModal();
    (asked.focus === 'cancel' ? cancelButton : confirmButton).current?.focus();
  }, [asked]);

  const close = useCallback(() => {
    dialog.current?.close();
    setAsked(null);
    const back = opener.current;
    opener.current = null;
    // requestAnimationFrame: the list re-renders after the action (a deleted line loses its button) first.
    requestAnimationFrame(() => {
      if (!back?.isConnected) {
        fallbackFocus()?.focus();
        return;
      }
      back.focus();
      // A list that renders its changes as transitions may remove the element only later: focus would fall to the
      // page's body, so it goes to the fallback then.
      const observer = new MutationObserver(() => {
        if (back.isConnected) return;
        observer.disconnect();
        const active = document.activeElement;
        if (!active || active === document.body) fallbackFocus()?.focus();
      });
      observer.observe(document.body, { childList: true, subtree: true });
      setTimeout(() => observer.disconnect(), SETTLE_MS);
    });
  }, [fallbackFocus]);

  const ask = useCallback((question: Asked) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsked(question);
  }, []);

  const element = (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) close();
      }}
    >
      {asked && (
        <>
          <h2 id={titleId} className={styles.dialogHeading}>
            {asked.title}
          </h2>
          <p id={messageId}>{asked.message}</p>
          <div className={styles.row}>
            <button
              ref={confirmButton}
              type="button"
              className={styles.button.primary}
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await asked.run();
                } finally {
                  setBusy(false);
                  close();
                }
              }}
            >
              {asked.confirm}
            </button>
            <button
              ref={cancelButton}
              type="button"
              className={styles.button.secondary}
              disabled={busy}
              onClick={close}
            >
              {t('cancel')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
  return { ask, element };
}
