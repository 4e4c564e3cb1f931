import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text });
export const meta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const summary = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
  margin: `${vars.space.md} 0`,
});
export const streak = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  color: vars.color.primary,
});
export const next = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.text });
export const week = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, 1fr)',
  gap: vars.space.xs,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  listStyle: 'none',
});
const dayBase = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} 0`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.xs,
  border: `1px solid ${vars.color.border}`,
});
export const day = styleVariants({
  claimed: [
    dayBase,
    { background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary },
  ],
  missed: [dayBase, { background: vars.color.surfaceAlt, color: vars.color.textMuted }],
  today: [
    dayBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.primary,
      borderWidth: 2,
    },
  ],
  upcoming: [dayBase, { background: vars.color.surface, color: vars.color.text }],
});
export const dayName = style({ fontWeight: 700 });
export const dayAmount = style({ fontSize: vars.fontSize.sm, fontWeight: 700 });
