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

/** The cover's box before the event has arrived: the same size as the cover. */
export const placeholder = style({
  aspectRatio: '16 / 9',
  background: vars.color.overlay,
});
