import * as buttons from '../button/button-classes.css';
import * as styles from '../error-state/State.css';

export type StateProps = {
  title: string;
  message?: string;
  /** An action as a real button (refresh, retry), shown with its handler. */
  actionLabel?: string;
  onAction?: () => void;
};

/** Nothing to show, with what to do about it; `alert` announces it at once (ErrorState). */
export function EmptyState({
  title,
  message,
  actionLabel,
  onAction,
  alert,
}: StateProps & { alert?: boolean }) {
  return (
    <section className={styles.state} role={alert ? 'alert' : undefined}>
      <h2 className={styles.title}>{title}</h2>
      {message ? <p className={styles.message}>{message}</p> : null}
      {actionLabel && onAction ? (
        <button type="button" className={buttons.primary} onClick={onAction}>
          {actionLabel}
        </button>
      ) : null}
    </section>
  );
}
