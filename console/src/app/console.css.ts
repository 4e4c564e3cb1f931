/** The console's layout and controls: a header bar, a main column, forms, tables and buttons. */
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: `${vars.space.md} ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const brand = style({ fontSize: vars.fontSize.lg, fontWeight: 600, margin: 0, marginRight: 'auto' });

export const main = style({ maxWidth: '1200px', margin: '0 auto', padding: vars.space.xl });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.xl,
  marginBottom: vars.space.xl,
});

export const narrow = style({ maxWidth: '420px', margin: `${vars.space.xxl} auto` });

export const heading = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.lg}` });

export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
});

export const label = style({ fontWeight: 600 });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const input = style({
  font: 'inherit',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
});

const buttonBase = style({
  font: 'inherit',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  textDecoration: 'none',
  display: 'inline-block',
  selectors: { '&:disabled': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const button = styleVariants({
  primary: [
    buttonBase,
    { background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary },
  ],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.text }],
});

export const tabs = style({ display: 'flex', gap: vars.space.sm, marginBottom: vars.space.lg });

export const error = style({ color: vars.color.danger, margin: `${vars.space.xs} 0` });

export const notice = style({
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.danger,
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
  marginBottom: vars.space.lg,
});

export const success = style({ color: vars.color.success });

export const table = style({ width: '100%', borderCollapse: 'collapse', background: vars.color.surface });

export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const sortButton = style({
  font: 'inherit',
  fontWeight: 600,
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.text,
  cursor: 'pointer',
});

export const muted = style({ color: vars.color.textMuted });

export const form = style({});

/** The confirmation dialog (Confirm.tsx). */
export const dialog = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.xl,
  maxWidth: '420px',
  background: vars.color.surface,
  color: vars.color.text,
});

export const dialogHeading = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.md}` });
