import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card } from '../../ui/card/card.css';

export const root = style([
  card,
  { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm },
]);

export const text = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  wordBreak: 'break-word',
});

export const viewers = style({
  flexShrink: 0,
  margin: 0,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.8,
});
