import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card } from '../../ui/card/card.css';

export const root = style([card, { display: 'flex', gap: vars.space.sm, alignItems: 'baseline' }]);

export const label = style({
  flexShrink: 0,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  lineHeight: 1.8,
});

export const text = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  wordBreak: 'break-word',
});
