import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const title = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});
export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});
export const tab = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      color: vars.color.primaryText,
      borderColor: vars.color.primary,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const item = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const itemTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  color: vars.color.text,
});
export const meta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const done = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  color: vars.color.success,
  whiteSpace: 'nowrap',
});
export const form = style({ display: 'flex', flexDirection: 'column' });
export const message = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.text, lineHeight: 1.6 });
export const row = style({ display: 'flex', gap: vars.space.sm });
