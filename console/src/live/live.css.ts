/** The Live section's layout: the push settings beside the preview, the state's badge. */
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../app/theme.css.ts';

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  gap: vars.space.xl,
  alignItems: 'start',
});

export const secret = style({ flex: '1 1 16em', minWidth: 0, fontFamily: 'ui-monospace, monospace' });

const badgeBase = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 600,
});

export const badge = styleVariants({
  idle: [badgeBase, { color: vars.color.textMuted }],
  starting: [badgeBase, { color: vars.color.text }],
  live: [
    badgeBase,
    { color: vars.color.primaryText, background: vars.color.danger, borderColor: vars.color.danger },
  ],
  reconnecting: [badgeBase, { color: vars.color.danger, borderColor: vars.color.danger }],
  ended: [badgeBase, { color: vars.color.text, background: vars.color.surfaceAlt }],
});

export const player = style({
  width: '100%',
  aspectRatio: '16 / 9',
  background: vars.color.text,
  borderRadius: vars.radius.sm,
});

export const placeholder = style([
  player,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: vars.space.lg,
    boxSizing: 'border-box',
    background: vars.color.surfaceAlt,
    color: vars.color.textMuted,
    textAlign: 'center',
  },
]);
