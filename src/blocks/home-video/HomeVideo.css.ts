import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const cover = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  background: vars.color.overlay,
});
