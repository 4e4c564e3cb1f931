import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { button } from '../../ui/button/button.css';
import { card } from '../../ui/card/card.css';

export const root = style([card, { position: 'relative', padding: 0, overflow: 'hidden' }]);

export const heading = style({
  margin: 0,
  padding: `${vars.space.md} ${vars.space.lg}`,
  fontSize: vars.fontSize.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** The windowed list's scroll box: about eight touch targets tall, whatever the theme's sizes. */
export const list = style({
  position: 'relative',
  height: `calc(${vars.size.touchTarget} * 8)`,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  background: vars.color.surfaceAlt,
  // Lines arriving many times a second re-lay out and repaint this box only, not the whole page.
  contain: 'strict',
});

export const rows = style({ position: 'relative', width: '100%' });

export const row = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.md}`,
  boxSizing: 'border-box',
});

export const listEdge = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const linkButton = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});

export const line = style({
  margin: 0,
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  color: vars.color.text,
  wordBreak: 'break-word',
  whiteSpace: 'pre-wrap',
});

export const lineText = style({ flex: 1, minWidth: 0, margin: 0 });

export const nickname = style({ color: vars.color.textMuted, fontWeight: 600 });

export const system = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const highlight = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.accent}`,
  fontSize: vars.fontSize.sm,
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: vars.space.xl,
  height: vars.space.xl,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const menuButton = style({
  flexShrink: 0,
  minWidth: vars.size.touchTarget,
  minHeight: vars.space.xl,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
});

export const menu = style({
  position: 'absolute',
  right: vars.space.md,
  zIndex: 2,
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.popup,
});

export const menuItem = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.danger,
  fontSize: vars.fontSize.md,
  textAlign: 'left',
  cursor: 'pointer',
});

export const pill = style({
  position: 'absolute',
  left: '50%',
  bottom: vars.space.md,
  transform: 'translateX(-50%)',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  boxShadow: vars.shadow.popup,
  cursor: 'pointer',
});

export const listWrap = style({ position: 'relative' });

export const composer = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  padding: `0 ${vars.space.md} ${vars.space.md}`,
});

/** Gift and red packet: the two pop-ups' buttons, sharing the row. */
export const actionButton = style([button({ tone: 'secondary', size: 'compact' }), { flex: 1 }]);

export const muted = style({
  flex: 1,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

const rise = keyframes({
  '0%': { opacity: 0, transform: 'translate(-50%, 40%) scale(0.8)' },
  '20%': { opacity: 1, transform: 'translate(-50%, 0) scale(1.05)' },
  '80%': { opacity: 1, transform: 'translate(-50%, -20%) scale(1)' },
  '100%': { opacity: 0, transform: 'translate(-50%, -60%) scale(1)' },
});

/** The short pop of a paid gift over the list; never shown when animations are off (see GiftBurst). */
export const burst = style({
  position: 'absolute',
  left: '50%',
  top: '40%',
  zIndex: 3,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  boxShadow: vars.shadow.popup,
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
  animation: `${rise} 1800ms ease-out forwards`,
});

/** The organiser's pinned announcement, above the lines. */
export const pinned = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'baseline',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const pinnedLabel = style({
  flexShrink: 0,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
});

export const pinnedText = style({
  margin: 0,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

/** A pre-reviewed room's notice, under the send box. */
export const notice = style({
  margin: 0,
  padding: `0 ${vars.space.lg} ${vars.space.sm}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

/** The sender's own line: awaiting review, or not approved. */
export const reviewTag = style({
  marginInlineStart: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  selectors: { '&[data-status="rejected"]': { color: vars.color.danger } },
});
