import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const thumb = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

/** The marks on the cover: live state top left, price or password top right. */
const mark = style({
  position: 'absolute',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.6,
  fontWeight: 600,
});

export const status = style([
  mark,
  { top: vars.space.xs, left: vars.space.xs, background: vars.color.overlay, color: vars.color.overlayText },
]);
export const liveStatus = style([
  status,
  { background: vars.color.liveBadge, color: vars.color.liveBadgeText },
]);
export const lock = style([
  mark,
  { top: vars.space.xs, right: vars.space.xs, background: vars.color.overlay, color: vars.color.overlayText },
]);
export const price = style([lock, { background: vars.color.confirm, color: vars.color.confirmText }]);

export const tileBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
});

export const tileTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  lineHeight: 1.4,
  minHeight: '2.8em',
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
});

export const tileMeta = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });
