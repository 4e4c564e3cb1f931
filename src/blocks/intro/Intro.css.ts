import { createVar, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, heading as blockHeading } from '../../ui/card/card.css';

export const lines = createVar();

export const root = card;

export const heading = blockHeading;

export const text = style({
  margin: 0,
  whiteSpace: 'pre-line',
  color: vars.color.text,
  wordBreak: 'break-word',
});

export const clamped = style([
  text,
  { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines, overflow: 'hidden' },
]);

export const toggle = style({
  minHeight: vars.size.touchTarget,
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: vars.color.accent,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  cursor: 'pointer',
});
