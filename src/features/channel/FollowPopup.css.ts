import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

const rise = keyframes({
  from: { transform: 'translateY(12px)', opacity: 0 },
  to: { transform: 'translateY(0)', opacity: 1 },
});

export const popup = style({
  width: `min(calc(100vw - 2 * ${vars.space.xl}), 320px)`,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.popup,
  animation: `${rise} 180ms ease-out`,
  selectors: { '&::backdrop': { background: `color-mix(in srgb, ${vars.color.overlay} 60%, transparent)` } },
});

// The band takes the channel header's colours, so the pop-up reads as part of the channel in every theme.
export const band = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.xs} ${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.headerBackground,
  color: vars.color.headerText,
});

export const title = style({ flex: 1, margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 });

export const close = style({
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fontSize.xl,
  cursor: 'pointer',
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.lg}`,
  background: vars.color.surfaceAlt,
});

export const qr = style({
  width: 200,
  height: 200,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `3px solid ${vars.color.primary}`,
  background: vars.color.surface,
});

export const name = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.md, fontWeight: 700 });

export const intro = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  textAlign: 'center',
});

export const hint = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

// Spec: a dialog's confirm button takes the theme's confirm colour.
export const done = style({
  display: 'block',
  width: '100%',
  minHeight: vars.size.touchTarget,
  border: 'none',
  background: vars.color.confirm,
  color: vars.color.confirmText,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  cursor: 'pointer',
});
