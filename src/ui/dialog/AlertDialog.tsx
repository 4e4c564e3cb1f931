import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { settleDialog } from './dialog';
import { useModalDialog } from './useModalDialog';
import * as styles from './Dialog.css';

/** One modal dialog: focus moves in and is trapped, Escape cancels, the confirm colour follows the theme. */
export function AlertDialog(props: {
  id: number;
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  showCancel?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const showCancel = props.showCancel ?? true;
  const ref = useModalDialog(true, () => settleDialog(props.id, false));
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={showCancel ? 'dialog' : 'alertdialog'}
      aria-labelledby={props.title ? titleId : undefined}
      aria-describedby={messageId}
    >
      {props.title ? (
        <h2 id={titleId} className={styles.title}>
          {props.title}
        </h2>
      ) : null}
      <p id={messageId} className={styles.message}>
        {props.message}
      </p>
      <div className={styles.actions}>
        {showCancel ? (
          <button type="button" className={styles.cancel} onClick={() => settleDialog(props.id, false)}>
            {props.cancelText ?? t('ui.cancel')}
          </button>
        ) : null}
        <button
          type="button"
          className={styles.confirm}
          autoFocus
          onClick={() => settleDialog(props.id, true)}
        >
          {props.confirmText ?? t('ui.confirm')}
        </button>
      </div>
    </dialog>
  );
}
