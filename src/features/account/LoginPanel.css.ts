import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** Phone or e-mail here, videos or players in the favourites: underlined tabs across the card. */
export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  flex: 1,
  minHeight: vars.size.touchTarget,
  border: 'none',
  borderBottom: '3px solid transparent',
  background: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

/** The 'or' above the WeChat login. */
export const divider = style({
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
