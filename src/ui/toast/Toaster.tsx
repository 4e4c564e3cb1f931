import { useEffect } from 'react';
import { useStore } from '../../lib/store';
import { dismissToast, toastStore } from './toast';
import * as styles from './Toaster.css';

/** Mounted once. The live region stays in the DOM so screen readers announce each new message. */
export function Toaster() {
  const current = useStore(toastStore, (state) => state);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => dismissToast(current.id), current.durationMs);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {current ? (
        <div key={current.id} className={styles.toast}>
          {current.message}
        </div>
      ) : null}
    </div>
  );
}
