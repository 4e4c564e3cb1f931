import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const wrapper = style({ display: 'flex', justifyContent: 'center', padding: vars.space.xl });

export const spinner = style({
  width: vars.space.xl,
  height: vars.space.xl,
  borderRadius: vars.radius.pill,
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 800ms linear infinite`,
});
