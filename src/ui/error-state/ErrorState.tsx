import * as buttons from '../button/button-classes.css';
import * as styles from './State.css';

export function ErrorState({
  title,
  message,
  actionLabel,
  onAction,
}: {
  title: string;
  message?: string;
  actionLabel?: string;
  onAction?: () => void;
}) {
  return (
    <section className={styles.state} role="alert">
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
