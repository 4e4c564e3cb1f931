import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { input } from '../../ui/field/Field.css';

export const stepper = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
});

/** The count between the - and + steppers: the form kit's input, narrower and centred. */
export const stepperValue = style([
  input(),
  { flex: 1, minWidth: 0, textAlign: 'center', fontSize: vars.fontSize.xl, fontWeight: 700 },
]);
