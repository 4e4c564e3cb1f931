import { useEffect, useState } from 'react';
import * as styles from './Spinner.css';

export function Spinner({ label }: { label?: string }) {
  return (
    <div className={styles.wrapper} role="progressbar" aria-busy="true" aria-label={label}>
      <span className={styles.spinner} aria-hidden="true" />
    </div>
  );
}

/** Renders nothing until the delay has passed, so fast loads never flash a spinner. */
export function DelayedSpinner({ delayMs, label }: { delayMs: number; label?: string }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return visible ? <Spinner label={label} /> : null;
}
