import type { ComponentProps } from 'react';
import { input } from './Field.css';

/**
 * A mainland mobile number's input (11 digits): the number pad and the browser's saved number. Inside a Field:
 * `<Field label={t('x')}>{(control) => <PhoneInput {...control} value={phone} onChange={...} />}</Field>`.
 */
export function PhoneInput(props: ComponentProps<'input'>) {
  return (
    <input
      className={input()}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={11}
      {...props}
    />
  );
}
