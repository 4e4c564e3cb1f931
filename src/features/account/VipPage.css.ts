import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const plan = style({
  padding: vars.space.md,
  marginBottom: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

/** The plan's name and its duration on one line. */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const price = style({ color: vars.color.accent, fontWeight: 700, fontSize: vars.fontSize.xl });
