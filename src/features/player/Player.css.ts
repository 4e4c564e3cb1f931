import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const frame = style({ position: 'relative', aspectRatio: '16 / 9', background: vars.color.overlay });

export const video = style({ display: 'block', width: '100%', height: '100%', objectFit: 'contain' });

export const cover = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  width: '100%',
  border: 'none',
  background: `color-mix(in srgb, ${vars.color.overlay} 55%, transparent)`,
  color: vars.color.overlayText,
  cursor: 'pointer',
});

export const playIcon = style({
  width: 0,
  height: 0,
  borderTop: `${vars.space.lg} solid transparent`,
  borderBottom: `${vars.space.lg} solid transparent`,
  borderLeft: `${vars.space.xl} solid ${vars.color.overlayText}`,
});

export const coverText = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  textAlign: 'center',
  padding: `0 ${vars.space.lg}`,
});

export const liveBadge = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.liveBadge,
  color: vars.color.liveBadgeText,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  lineHeight: 1.6,
  pointerEvents: 'none',
});

export const liveControls = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
  padding: vars.space.xs,
  background: `linear-gradient(transparent, color-mix(in srgb, ${vars.color.overlay} 70%, transparent))`,
});

export const control = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.overlayText,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});
