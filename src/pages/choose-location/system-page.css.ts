/**
 * Layout shared by the plain system pages (choose-location, open-location, my-webview): a header with a back button
 * and a title, then cards. The preview-image page is full-screen and has its own.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../../themes';

export const page = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.background,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  paddingTop: `max(${vars.space.sm}, env(safe-area-inset-top))`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const content = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
});

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 600 });

export const text = style({ margin: 0, lineHeight: 1.5, overflowWrap: 'anywhere' });

export const muted = style([text, { color: vars.color.textMuted, fontSize: vars.fontSize.sm }]);

export const coordinates = style([text, { fontVariantNumeric: 'tabular-nums' }]);

export const notice = style([
  text,
  {
    padding: vars.space.sm,
    borderRadius: vars.radius.sm,
    background: vars.color.background,
    color: vars.color.textMuted,
    fontSize: vars.fontSize.sm,
  },
]);

export const error = style([text, { color: vars.color.danger, fontSize: vars.fontSize.sm }]);

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });

export const input = style({
  font: 'inherit',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  color: vars.color.text,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 1 },
  },
});

const buttonBase = style({
  font: 'inherit',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  textAlign: 'center',
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  selectors: {
    '&:disabled': { opacity: 0.5, cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 },
  },
});

export const primaryButton = style([
  buttonBase,
  { border: 'none', background: vars.color.primary, color: vars.color.primaryText, fontWeight: 600 },
]);

export const secondaryButton = style([
  buttonBase,
  { border: `1px solid ${vars.color.primary}`, background: 'transparent', color: vars.color.primary },
]);

export const backButton = style([
  buttonBase,
  { border: 'none', background: 'transparent', color: vars.color.text, padding: `0 ${vars.space.sm}` },
]);

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const frame = style({
  flex: 1,
  width: '100%',
  minHeight: 0,
  border: 'none',
  background: vars.color.surface,
});
