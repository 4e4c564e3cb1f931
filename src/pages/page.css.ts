import { style } from '@vanilla-extract/css';
import { vars } from '../themes/contract.css';

export const page = style({ minHeight: '100vh', background: vars.color.background, color: vars.color.text });

export const title = style({
  margin: 0,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  textAlign: 'center',
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.md });

const button = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.xl}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  cursor: 'pointer',
});

export const primaryButton = style([
  button,
  { border: 'none', background: vars.color.primary, color: vars.color.primaryText },
]);

export const secondaryButton = style([
  button,
  { border: `1px solid ${vars.color.border}`, background: vars.color.surface, color: vars.color.text },
]);
