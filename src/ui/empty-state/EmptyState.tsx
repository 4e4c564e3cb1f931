import * as buttons from '../button/button-classes.css';
import * as styles from '../error-state/State.css';

export type StateProps = {
  title: string;
  message?: string;
  /** An action as a real button (refresh, retry), shown with its handler. */
  actionLabel?: string;
  onAction?: () => void;
};

/**
 * Nothing to show, with what to do about it; `alert` announces it at once (ErrorState). `heading`: h1 where the state
 * is all the page shows (its only heading), else h2 under the page's.
 */
export function EmptyState({
  title,
  message,
  actionLabel,
  onAction,
  alert,
  heading: Heading = 'h2',
}: StateProps & { alert?: boolean; heading?: 'h1' | 'h2' }) {
  return (
    <section className={styles.state} role={alert ? 'alert' : undefined}>
      <Heading className={styles.title}>{title}</Heading>
      {message ? <p className={styles.message}>{message}</p> : null}
      {actionLabel && onAction ? (
        <button type="button" className={buttons.primary} onClick={onAction}>
          {actionLabel}
        </button>
      ) : null}
    </section>
  );
}
