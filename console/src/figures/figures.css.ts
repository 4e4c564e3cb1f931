/** The Figures section: groups of figures side by side, the charts at the width of the column. */
import { style } from '@vanilla-extract/css';
import { vars } from '../app/theme.css.ts';

export const groups = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.lg,
  marginBottom: vars.space.xl,
});

export const group = style({
  // Each table as tall as its rows, not as its row of the grid.
  alignSelf: 'start',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
});

export const groupHeading = style({ fontSize: vars.fontSize.md, margin: `0 0 ${vars.space.sm}` });

export const number = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const chart = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  margin: `0 0 ${vars.space.xl}`,
});

export const plot = style({ minHeight: '220px' });

export const caption = style({ fontWeight: 600, marginBottom: vars.space.sm });

export const numbers = style({ marginTop: vars.space.md, maxHeight: '320px', overflowY: 'auto' });
