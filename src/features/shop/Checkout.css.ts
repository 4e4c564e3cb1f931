import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const stepper = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });

export const stepperValue = style({
  minWidth: vars.space.xl,
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.lg,
});

/** An address to deliver to: its radio, then the address. */
export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  cursor: 'pointer',
});
