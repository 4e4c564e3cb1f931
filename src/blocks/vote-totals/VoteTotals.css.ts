import { createVar, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const share = createVar();

export const total = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const rank = style({
  minWidth: vars.space.xl,
  textAlign: 'center',
  fontWeight: 700,
  color: vars.color.accent,
});

export const name = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const bar = style({
  gridColumn: '2 / 4',
  height: vars.space.xs,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
  '::after': {
    content: '""',
    display: 'block',
    height: '100%',
    width: share,
    background: vars.color.primary,
  },
});

export const votes = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

/** The form kit's button drawn on a link. */
export const contestLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  marginTop: vars.space.md,
  textDecoration: 'none',
});
