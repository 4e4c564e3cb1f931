import { useId, type ReactNode } from 'react';
import * as styles from './Field.css';

type FieldGroupProps = {
  legend: ReactNode;
  hint?: ReactNode;
  /** Shown under the choices and announced with the group. */
  error?: ReactNode;
  required?: boolean;
  /** Radios: the group is a radio group, which can say it is required; checkbox lists cannot. */
  radio?: boolean;
  /** The choices: each a checkbox or radio in a `<label>`, e.g. `<label className={inlineRow}>`. */
  children: ReactNode;
};

/**
 * A set of checkboxes or radios under one legend, with the same hint, error and required mark as a Field: the
 * legend names the group, the hint and the error are read with it.
 */
export function FieldGroup({ legend, hint, error, required, radio, children }: FieldGroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={`${styles.field()} ${styles.group}`}
      role={radio ? 'radiogroup' : undefined}
      aria-required={radio && required ? true : undefined}
      aria-describedby={describedBy}
    >
      <legend className={`${styles.label()} ${styles.legend}`}>
        {legend}
        {required ? (
          <span className={styles.requiredMark} aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {children}
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
