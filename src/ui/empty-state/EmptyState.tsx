import * as styles from '../error-state/State.css';

export function EmptyState({ title, message }: { title: string; message?: string }) {
  return (
    <section className={styles.state}>
      <h2 className={styles.title}>{title}</h2>
      {message ? <p className={styles.message}>{message}</p> : null}
    </section>
  );
}
