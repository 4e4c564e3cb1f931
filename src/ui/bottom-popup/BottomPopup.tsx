import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useModalDialog } from '../dialog/useModalDialog';
import * as styles from './BottomPopup.css';

/** A bottom sheet on the native <dialog>: inert background, Escape and the close button call onClose. */
export function BottomPopup({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useModalDialog(open, onClose);
  if (!open) return null;
  return (
    <dialog ref={ref} className={styles.sheet} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label={t('ui.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
