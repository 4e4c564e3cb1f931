import { style } from '@vanilla-extract/css';
import { vars } from '../themes/contract.css';

/** Holds the save star's place while it loads, so the card does not reflow when it arrives. */
export const placeholder = style({
  flexShrink: 0,
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
});
