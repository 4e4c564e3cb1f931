import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const tabs = style({
  display: 'flex',
  gap: vars.space.sm,
  overflowX: 'auto',
  margin: `0 calc(-1 * ${vars.space.lg}) ${vars.space.md}`,
  padding: `${vars.space.xs} ${vars.space.lg}`,
  scrollbarWidth: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  flexShrink: 0,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderBottom: `3px solid transparent`,
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': {
      color: vars.color.text,
      borderBottomColor: vars.color.accent,
      background: vars.color.surfaceAlt,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

export const count = style({
  marginInlineStart: vars.space.xxs,
  fontSize: vars.fontSize.xs,
  fontWeight: 400,
});

export const html = style({
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.6,
  color: vars.color.text,
});

globalStyle(`${html} p`, { margin: 0 });
