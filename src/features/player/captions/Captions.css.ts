import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

const backdrop = `color-mix(in srgb, ${vars.color.overlay} 78%, transparent)`;

/** The caption grid: the player's picture (inside a small safe margin) as rows by columns of equal cells. */
export const grid = style({
  position: 'absolute',
  inset: '4% 5%',
  display: 'grid',
  containerType: 'size',
  pointerEvents: 'none',
  overflow: 'hidden',
});

export const gridLine = style({
  justifySelf: 'start',
  alignSelf: 'center',
  maxWidth: '100%',
  padding: '0 0.25em',
  background: backdrop,
  color: vars.color.overlayText,
  fontFamily: 'ui-monospace, Menlo, Consolas, "Noto Sans Mono CJK SC", monospace',
  lineHeight: 1.15,
  whiteSpace: 'pre',
  overflow: 'hidden',
});

/** Subtitles: centred near the bottom, above the live controls. */
export const subtitles = style({
  position: 'absolute',
  left: '5%',
  right: '5%',
  bottom: '16%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xxs,
  pointerEvents: 'none',
});

export const subtitleLine = style({
  maxWidth: '100%',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: backdrop,
  color: vars.color.overlayText,
  fontSize: vars.fontSize.md,
  lineHeight: 1.35,
  textAlign: 'center',
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

export const menuAnchor = style({
  position: 'absolute',
  top: vars.space.xs,
  right: vars.space.xs,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
});

export const ccButton = style({
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: backdrop,
  color: vars.color.overlayText,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { boxShadow: `inset 0 -3px 0 ${vars.color.overlayText}` },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const menu = style({
  marginTop: vars.space.xxs,
  minWidth: '10em',
  maxHeight: '70cqh',
  padding: vars.space.xxs,
  borderRadius: vars.radius.md,
  background: vars.color.overlay,
  color: vars.color.overlayText,
  boxShadow: vars.shadow.popup,
  overflowY: 'auto',
});

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fontSize.sm,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&[aria-checked="true"]': { fontWeight: 700 },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

export const check = style({ width: '1em', flexShrink: 0 });
