import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const cover = style({
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

/** The cover's box before the contest has arrived: the cover's size. */
export const coverBox = style({
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
