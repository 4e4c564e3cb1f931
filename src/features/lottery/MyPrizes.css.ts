import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
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
