import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

const scroll = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } });
export const marquee = style({
  overflow: 'hidden',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
});
export const marqueeTrack = style({
  display: 'flex',
  width: 'max-content',
  animation: `${scroll} 30s linear infinite`,
  selectors: { [`${marquee}:hover &, ${marquee}:focus-within &`]: { animationPlayState: 'paused' } },
});
export const marqueeList = style({ display: 'flex', margin: 0, padding: 0, listStyle: 'none' });
export const marqueeItem = style({
  padding: `${vars.space.xs} ${vars.space.lg}`,
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});
