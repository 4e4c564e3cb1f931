import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The wheel's turn, set at run time (degrees) and animated by a transition. */
export const rotation = createVar();
export const spinMs = createVar();

/** The wheel's size; the nine-box grid takes the same. */
export const wheelSize = `min(100%, calc(${vars.size.touchTarget} * 7))`;

export const wheelFrame = style({ position: 'relative', width: wheelSize, aspectRatio: '1' });

export const wheel = style({
  position: 'absolute',
  inset: 0,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderRadius: '50%',
  border: `${vars.space.xs} solid ${vars.color.primary}`,
  boxShadow: vars.shadow.card,
  transform: `rotate(${rotation})`,
  transition: `transform ${spinMs} cubic-bezier(0.12, 0.7, 0.12, 1)`,
  overflow: 'hidden',
});

/** One slot's label: from the centre, turned to the slot's middle, pushed out towards the rim. */
export const slot = style({
  position: 'absolute',
  insetInline: 0,
  top: 0,
  height: '50%',
  display: 'flex',
  justifyContent: 'center',
  paddingTop: vars.space.lg,
  transformOrigin: '50% 100%',
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  textAlign: 'center',
});
export const slotText = style({ maxWidth: `calc(${vars.size.touchTarget} * 1.6)`, lineHeight: 1.2 });
export const slotTone = styleVariants({
  primary: { color: vars.color.primaryText },
  alt: { color: vars.color.text },
});

export const pointer = style({
  position: 'absolute',
  top: `calc(${vars.space.sm} * -1)`,
  left: '50%',
  transform: 'translateX(-50%)',
  width: 0,
  height: 0,
  borderInline: `${vars.space.md} solid transparent`,
  borderTop: `${vars.space.xl} solid ${vars.color.confirm}`,
  zIndex: 1,
});

export const hub = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: `calc(${vars.size.touchTarget} * 2)`,
  height: `calc(${vars.size.touchTarget} * 2)`,
  borderRadius: '50%',
  border: `${vars.space.xxs} solid ${vars.color.surface}`,
  background: vars.color.confirm,
  color: vars.color.confirmText,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  cursor: 'pointer',
  zIndex: 1,
  selectors: {
    '&:disabled': { opacity: 0.7, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
