import { style } from '@vanilla-extract/css';

/** Hidden on screen, read by screen readers (headings and controls that sighted users get from the layout). */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
