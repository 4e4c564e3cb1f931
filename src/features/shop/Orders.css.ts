import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The order states as tabs, scrolling sideways when they do not fit. */
export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  margin: `${vars.space.sm} ${vars.space.md} 0`,
  padding: 0,
  listStyle: 'none',
  overflowX: 'auto',
});

export const tab = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderBottom: `2px solid transparent`,
  background: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': {
      color: vars.color.text,
      borderBottomColor: vars.color.accent,
      fontWeight: 700,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});
