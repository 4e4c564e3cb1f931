/**
 * A read-only value with a copy button. "Copied" shows only once the clipboard took the text; a refused write (no
 * permission, an insecure origin) says so, and the value stays selectable. A secret is masked until shown. Keyed by
 * its value where it is used, so a new value (a rotated key) starts uncopied.
 */
import { useId, useState } from 'react';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';
import * as live from './live.css.ts';

type Outcome = 'idle' | 'copied' | 'failed';

export function CopyField({
  label,
  value,
  secret = false,
}: {
  label: string;
  value: string;
  secret?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const [shown, setShown] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={`${styles.input} ${live.secret}`}
          type={secret && !shown ? 'password' : 'text'}
          readOnly
          value={value}
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        {secret && (
          <button
            type="button"
            className={styles.button.secondary}
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {t('live.show', { what: label })}
          </button>
        )}
        <button type="button" className={styles.button.secondary} onClick={() => void copy()}>
          {t('live.copy', { what: label })}
        </button>
        <span role="status" className={outcome === 'failed' ? styles.error : styles.success}>
          {outcome === 'copied' ? t('live.copied') : outcome === 'failed' ? t('live.copyFailed') : ''}
        </span>
      </div>
    </div>
  );
}
