import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const root = style({ background: vars.color.surface, color: vars.color.text });

const badge = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const status = styleVariants({
  live: [badge, { background: vars.color.liveBadge, color: vars.color.liveBadgeText }],
  idle: [badge, { background: vars.color.overlayControl, color: vars.color.overlayText }],
});

export const body = style({ padding: `${vars.space.md} ${vars.space.lg}` });

/** The status and the actions (save, the room's menu): tall enough for the actions before they load. */
export const top = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  marginBottom: vars.space.xs,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  lineHeight: 1.3,
  color: vars.color.text,
});

export const meta = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
