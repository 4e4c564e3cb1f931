import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

/** One activity: a line that opens its page, its name at the start and the way in at the end. */
export const entry = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textDecoration: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 } },
});

export const upcoming = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
