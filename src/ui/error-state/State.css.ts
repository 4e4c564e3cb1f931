import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  textAlign: 'center',
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text });

export const message = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.textMuted });

export const action = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.xl}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  cursor: 'pointer',
});
