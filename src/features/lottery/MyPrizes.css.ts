import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export { stack as list } from '../../ui/card/card.css';
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
