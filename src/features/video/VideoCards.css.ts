import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md });

export const item = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const link = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  gap: vars.space.md,
  minHeight: vars.size.touchTarget,
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const thumb = style({
  position: 'relative',
  flexShrink: 0,
  width: '40%',
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  background: vars.color.surfaceAlt,
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

export const badge = style({
  position: 'absolute',
  top: vars.space.xs,
  left: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.overlay,
  color: vars.color.overlayText,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.6,
});

export const liveBadge = style([
  badge,
  { background: vars.color.liveBadge, color: vars.color.liveBadgeText },
]);

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
});

export const meta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
