/** The chat section's layout: the live lines beside the room's controls, the waiting lines and the log below. */
import { style } from '@vanilla-extract/css';
import { vars } from '../app/theme.css.ts';

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  gap: vars.space.xl,
  alignItems: 'start',
});

export const subheading = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.md}` });

export const scroller = style({
  height: '420px',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  contain: 'strict',
});

export const line = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const lineText = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });

export const sender = style({ fontWeight: 600, marginRight: vars.space.sm });

export const removed = style({ color: vars.color.textMuted, textDecoration: 'line-through' });

export const status = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space.xs}`,
  marginRight: vars.space.sm,
});

export const small = style({ fontSize: vars.fontSize.sm });

export const words = style({
  width: '100%',
  boxSizing: 'border-box',
  minHeight: '120px',
  resize: 'vertical',
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

// Times take a fixed width, whatever the hour and the date: the lines and the log do not move as the clock runs.
const clock = style({ display: 'inline-block', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const lineTime = style([clock, { width: '7.5em' }]);
export const logTime = style([clock, { width: '14em' }]);
