/** The channel pages' shared pieces: video tiles, their marks, the windowed grid and list status. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const grid = style({ position: 'relative', width: '100%', contain: 'layout' });

export const gridRow = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.md,
  paddingBottom: vars.space.md,
});

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

export const highlight = style({
  background: 'transparent',
  color: vars.color.accent,
  fontWeight: 700,
});

export const listStatus = style({
  margin: `${vars.space.sm} 0 0`,
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  minHeight: vars.size.touchTarget,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const ghostButton = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
});
