import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

/** A label and its value in the grid's two columns. */
export const factPair = style({ display: 'contents' });
export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, color: vars.color.text, wordBreak: 'break-all' });
