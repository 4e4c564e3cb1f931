import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The channel's own header: a band in the theme's header colours (the channel variant gives each theme its own). */
export const header = style({
  position: 'relative',
  background: vars.color.headerBackground,
  color: vars.color.headerText,
  paddingBottom: vars.space.lg,
  borderRadius: `0 0 ${vars.radius.lg} ${vars.radius.lg}`,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});

// height: auto lets the aspect ratio win over the height attribute (kept for layout before the image loads).
export const cover = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '750 / 280',
  objectFit: 'cover',
});

export const band = style({
  height: vars.space.xxl,
  background: vars.color.accent,
  opacity: 0.35,
});

export const identity = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.lg} 0`,
});

export const logo = style({
  flexShrink: 0,
  width: 64,
  height: 64,
  borderRadius: vars.radius.pill,
  border: `3px solid ${vars.color.headerText}`,
  background: vars.color.surface,
  color: vars.color.primary,
  objectFit: 'cover',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: vars.fontSize.xxl,
  fontWeight: 800,
});

export const names = style({ minWidth: 0, flex: 1 });

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 800, lineHeight: 1.3 });

export const followers = style({ margin: `${vars.space.xxs} 0 0`, fontSize: vars.fontSize.sm });

export const intro = style({
  margin: `${vars.space.md} ${vars.space.lg} 0`,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.6,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg} 0`,
});

const pill = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

/** Inverted colours of the header: readable wherever the header itself is. */
export const follow = style([
  pill,
  { border: 'none', background: vars.color.headerText, color: vars.color.headerBackground },
]);

export const ghost = style([
  pill,
  { border: `1px solid ${vars.color.headerText}`, background: 'transparent', color: vars.color.headerText },
]);

/** The user centre's link, drawn as the ghost buttons beside it. */
export const ghostLink = style([
  ghost,
  { display: 'inline-flex', alignItems: 'center', textDecoration: 'none', marginInlineStart: 'auto' },
]);

export const qr = style({ display: 'block', width: 240, height: 240, margin: '0 auto' });

export const qrHint = style({ textAlign: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The cover's box before the channel has arrived: the cover's size. */
export const coverBox = style({ aspectRatio: '750 / 280' });

/** The actions' row before the channel has arrived: the height of its buttons. */
export const actionsBox = style([
  actions,
  { minHeight: `calc(${vars.size.touchTarget} + ${vars.space.md})` },
]);
