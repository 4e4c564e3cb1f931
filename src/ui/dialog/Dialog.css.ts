import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const dialog = style({
  width: 'min(84vw, 320px)',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.popup,
  selectors: { '&::backdrop': { background: `color-mix(in srgb, ${vars.color.overlay} 50%, transparent)` } },
});

export const title = style({
  margin: 0,
  padding: `${vars.space.xl} ${vars.space.lg} 0`,
  fontSize: vars.fontSize.lg,
  textAlign: 'center',
});

export const message = style({
  margin: 0,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.xl}`,
  fontSize: vars.fontSize.md,
  textAlign: 'center',
  color: vars.color.text,
  wordBreak: 'break-word',
});

export const actions = style({ display: 'flex', borderTop: `1px solid ${vars.color.border}` });

const button = style({
  flex: 1,
  minHeight: vars.size.touchTarget,
  border: 'none',
  background: 'transparent',
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  cursor: 'pointer',
});

export const cancel = style([
  button,
  { color: vars.color.textMuted, borderRight: `1px solid ${vars.color.border}` },
]);

// The confirm button takes the theme's confirm colour (each theme names one) as its background, with text of AA
// contrast.
export const confirm = style([
  button,
  { background: vars.color.confirm, color: vars.color.confirmText, borderBottomRightRadius: vars.radius.lg },
]);
