import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text });
export const meta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const status = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  color: vars.color.primary,
});

/** Clips the turning wheel's square box: turned, its corners would widen the page (the wheel itself is round). */
export const stage = style({
  padding: vars.space.sm,
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
});

/** The wheel's turn, set at run time (degrees) and animated by a transition. */
export const rotation = createVar();
export const spinMs = createVar();

const wheelSize = `min(100%, calc(${vars.size.touchTarget} * 7))`;

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

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  width: wheelSize,
  margin: 0,
  padding: vars.space.sm,
  listStyle: 'none',
  borderRadius: vars.radius.lg,
  background: vars.color.primary,
});

export const cell = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xxs,
  aspectRatio: '1',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textAlign: 'center',
  border: `${vars.space.xxs} solid transparent`,
});
export const cellLit = style({ borderColor: vars.color.confirm, background: vars.color.surfaceAlt });
export const cellImage = style({
  width: '55%',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
});
export const gridButton = style([
  hub,
  { position: 'static', transform: 'none', width: '100%', height: '100%', borderRadius: vars.radius.md },
]);

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'center',
});
export const rules = style({
  whiteSpace: 'pre-line',
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: 1.6,
});

export const result = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});
export const resultImage = style({
  width: `calc(${vars.size.touchTarget} * 2.5)`,
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
});
export const resultText = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text });

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const prizeRow = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const prizeThumb = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
});
export const prizeName = style({ margin: 0, fontWeight: 700, color: vars.color.text });

const scroll = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } });
export const marquee = style({
  overflow: 'hidden',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
});
export const marqueeTrack = style({
  display: 'flex',
  width: 'max-content',
  animation: `${scroll} 30s linear infinite`,
  selectors: { [`${marquee}:hover &, ${marquee}:focus-within &`]: { animationPlayState: 'paused' } },
});
export const marqueeList = style({ display: 'flex', margin: 0, padding: 0, listStyle: 'none' });
export const marqueeItem = style({
  padding: `${vars.space.xs} ${vars.space.lg}`,
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});
