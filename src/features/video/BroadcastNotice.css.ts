import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** Over the top of the player or its cover (the home video's frame is positioned). */
export const notice = style({
  position: 'absolute',
  left: vars.space.sm,
  right: vars.space.sm,
  top: vars.space.sm,
  margin: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.overlay,
  color: vars.color.overlayText,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
  pointerEvents: 'none',
});
