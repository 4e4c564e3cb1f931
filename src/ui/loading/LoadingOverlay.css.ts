import { style } from '@vanilla-extract/css';

export const overlay = style({
  position: 'fixed',
  top: '40%',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 900,
  pointerEvents: 'none',
});
