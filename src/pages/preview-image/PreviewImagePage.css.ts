import { style } from '@vanilla-extract/css';
import { vars } from '../../themes';

export const viewer = style({
  position: 'fixed',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.overlay,
  color: vars.color.overlayText,
  overflow: 'hidden',
  // The viewer handles every gesture itself; the browser must not scroll, zoom the page or go back on a swipe.
  touchAction: 'none',
  overscrollBehavior: 'contain',
  userSelect: 'none',
});

export { visuallyHidden } from '../../ui/visually-hidden.css';

export const viewport = style({
  position: 'relative',
  flex: 1,
  overflow: 'hidden',
  touchAction: 'none',
});

export const track = style({
  display: 'flex',
  height: '100%',
  transition: 'transform 250ms ease-out',
  willChange: 'transform',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const dragging = style({ transition: 'none' });

export const slide = style({
  flex: '0 0 100%',
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
});

export const image = style({
  maxWidth: '100%',
  maxHeight: '100%',
  objectFit: 'contain',
  transformOrigin: 'center center',
  transition: 'transform 200ms ease-out',
  pointerEvents: 'none',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const toolbar = style({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: vars.space.md,
  paddingTop: `max(${vars.space.md}, env(safe-area-inset-top))`,
  pointerEvents: 'none',
});

export const counter = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontVariantNumeric: 'tabular-nums',
});

export const iconButton = style({
  pointerEvents: 'auto',
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.overlayControl,
  color: vars.color.overlayText,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.35, cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 },
  },
});

export const navButton = style([
  iconButton,
  {
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
  },
]);

export const previous = style({ left: vars.space.sm });
export const next = style({ right: vars.space.sm });

export const empty = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  padding: vars.space.lg,
  textAlign: 'center',
});
