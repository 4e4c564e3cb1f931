import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The slide check between the phone and the code, spaced like a field. */
export const slide = style({ marginBottom: vars.space.md });

/** The form's own line: a code was sent, or why the form cannot go on (the fields' errors show under them). */
export const message = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&[role="alert"]': { color: vars.color.danger } },
});
