import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const countdown = style({
  margin: `${vars.space.sm} 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

export const countdownDigits = style({
  color: vars.color.accent,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});
