import { useId, type ReactNode } from 'react';
import * as styles from './Field.css';

/** What a Field hands its control so the label, hint and error are announced with it. */
export type FieldControlProps = {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control and announced; marks the control invalid. */
  error?: ReactNode;
  required?: boolean;
  /** Renders the control with the ids and aria attributes that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * One labelled form field: label, optional hint, the control, and an error line. Every form uses it, so labels,
 * required marks and error announcements look and read the same everywhere:
 * `<Field label={t('x')} error={e}>{(p) => <input {...p} className={input()} />}</Field>`.
 */
export function Field({ label, hint, error, required, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.requiredMark} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {children({
        id,
        required: required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
