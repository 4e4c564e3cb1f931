import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The searched keyword in a title: the accent colour instead of the browser's yellow mark. */
export const highlight = style({
  background: 'transparent',
  color: vars.color.accent,
  fontWeight: 700,
});
