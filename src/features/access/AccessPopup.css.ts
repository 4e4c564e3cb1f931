import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const pay = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const price = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  color: vars.color.primary,
});

export const payHint = style({ margin: 0, textAlign: 'center', color: vars.color.textMuted });

/** Why the server refused the form (the fields' own errors show under them). */
export const failure = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});
