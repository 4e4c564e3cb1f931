import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

const fadeIn = keyframes({ from: { opacity: 0, transform: 'translate(-50%, -40%)' }, to: { opacity: 1 } });

export const region = style({ position: 'fixed', inset: 0, pointerEvents: 'none', zIndex: 1000 });

export const toast = style({
  position: 'absolute',
  top: '45%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  maxWidth: '80vw',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.overlayControl,
  color: vars.color.overlayText,
  fontSize: vars.fontSize.md,
  textAlign: 'center',
  wordBreak: 'break-word',
  animation: `${fadeIn} 150ms ease-out`,
});
