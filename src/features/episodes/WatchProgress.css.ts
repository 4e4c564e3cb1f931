import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const hint = style({
  position: 'absolute',
  left: vars.space.sm,
  bottom: vars.space.xxl,
  margin: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.overlay,
  color: vars.color.overlayText,
  fontSize: vars.fontSize.sm,
  pointerEvents: 'none',
});
