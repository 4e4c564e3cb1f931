import { useId, type ReactNode } from 'react';
import { visuallyHidden } from '../visually-hidden.css';
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
  /**
   * The label names the control for screen readers only: where the layout already says what the control is (a
   * search box beside its button, the chat line above the send button) and a visible label would be noise.
   */
  labelHidden?: boolean;
  /** A checkbox (or radio) with its label beside it, on one line, instead of the label above the control. */
  inline?: boolean;
  /** Inside a row (a search box beside its button): takes the room left, no space below. */
  flush?: boolean;
  /** Renders the control with the ids and aria attributes that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * One labelled form field: label, optional hint, the control, and an error line. Every form uses it, so labels,
 * required marks and error announcements look and read the same everywhere:
 * `<Field label={t('x')} error={e}>{(p) => <input {...p} className={input()} />}</Field>`.
 */
export function Field({ label, hint, error, required, labelHidden, inline, flush, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <label htmlFor={id} className={labelHidden ? visuallyHidden : styles.label({ inline })}>
      {label}
      {required ? (
        <span className={styles.requiredMark} aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
  const control = children({
    id,
    required: required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  });
  return (
    <div className={styles.field({ flush })}>
      {inline ? (
        <div className={styles.inlineRow}>
          {control}
          {labelElement}
        </div>
      ) : (
        labelElement
      )}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {inline ? null : control}
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
