import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { list } from './page.css';

export const thumbs = style([
  list,
  { display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginBottom: vars.space.md },
]);

export const thumb = style({
  width: `calc(${vars.size.touchTarget} * 1.5)`,
  height: `calc(${vars.size.touchTarget} * 1.5)`,
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
});
