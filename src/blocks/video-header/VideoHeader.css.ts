import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const root = style({ background: vars.color.surface, color: vars.color.text });

export const cover = style({ position: 'relative', aspectRatio: '16 / 9', background: vars.color.overlay });

export const image = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

const badge = style({
  position: 'absolute',
  top: vars.space.md,
  left: vars.space.md,
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

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, lineHeight: 1.3, color: vars.color.text });

export const meta = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
