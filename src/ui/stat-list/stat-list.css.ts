import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** A row of three figures with their labels under them (a contest's players, votes and sign-ups). */
export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  listStyle: 'none',
  textAlign: 'center',
});

export const value = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  color: vars.color.accent,
});

export const label = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
