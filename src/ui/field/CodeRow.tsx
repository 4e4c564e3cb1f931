import type { Ref } from 'react';
import { button } from '../button/button.css';
import type { FieldControlProps } from './Field';
import { input } from './Field.css';
import * as styles from './CodeRow.css';

type CodeRowProps = {
  /** What the Field hands its control. */
  control: FieldControlProps;
  inputRef?: Ref<HTMLInputElement>;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  /** The button that asks for a code: its text and whether it waits (a code being sent, the resend countdown). */
  send: { label: string; disabled: boolean; onClick(): void };
  /** The button's size: `compact` at the full touch height (a pop-up), `sm` beside a page's input. */
  size?: 'compact' | 'sm';
};

/**
 * A one-time code (6 digits, SMS or mail) with the button that asks for it, on one row inside a Field:
 * `<Field label={t('x')}>{(control) => <CodeRow control={control} ... />}</Field>`.
 */
export function CodeRow({
  control,
  inputRef,
  value,
  onChange,
  placeholder,
  send,
  size = 'sm',
}: CodeRowProps) {
  return (
    <div className={styles.row}>
      <input
        {...control}
        ref={inputRef}
        className={`${input()} ${styles.grow}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="button"
        className={`${button({ tone: 'secondary', size })} ${styles.fit}`}
        disabled={send.disabled}
        onClick={send.onClick}
      >
        {send.label}
      </button>
    </div>
  );
}
