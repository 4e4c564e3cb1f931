import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const actions = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginInlineStart: 'auto',
});

export const more = style({
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  lineHeight: 1,
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
});

export const menu = style({
  position: 'absolute',
  insetInlineEnd: 0,
  top: '100%',
  zIndex: 5,
  minWidth: 140,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.popup,
});

export const menuItem = style({
  display: 'block',
  width: '100%',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: 'start',
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
});
