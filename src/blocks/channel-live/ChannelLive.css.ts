import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const link = style({
  display: 'block',
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const frame = style({
  display: 'block',
  position: 'relative',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  aspectRatio: '16 / 9',
  background: vars.color.surfaceAlt,
});

export const image = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

export const badge = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.liveBadge,
  color: vars.color.liveBadgeText,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
});

export const caption = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
});

export const title = style({
  display: 'block',
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  lineHeight: 1.4,
});

export const meta = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const watch = style({
  flexShrink: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
});

export const count = style({
  margin: `${vars.space.sm} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
