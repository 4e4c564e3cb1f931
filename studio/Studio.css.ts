import { style } from '@vanilla-extract/css';
import { vars } from '../src/themes/contract.css';

export const page = style({
  minHeight: '100vh',
  padding: vars.space.lg,
  background: vars.color.background,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'end',
  marginBottom: vars.space.lg,
});

/** Toolbar fields share the row evenly (an input's intrinsic width would otherwise overflow its neighbour). */
export const control = style({ flex: '1 1 0', minWidth: 0 });

export const grid = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg });

export const frameBox = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0 });

export const frameViewport = style({
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

/** The app renders at real phone size and is scaled down, so layouts are those of the phone, not of a small window. */
export const frame = style({ border: 'none', transformOrigin: '0 0', display: 'block' });

export const problems = style({
  padding: vars.space.lg,
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  whiteSpace: 'pre-wrap',
  fontFamily: 'monospace',
});

export const table = style({ borderCollapse: 'collapse', marginTop: vars.space.md });

export const cell = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const failing = style({ color: vars.color.danger, fontWeight: 700 });
