import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The mini-program code: square, centred, on a light ground so it scans in every theme. */
export const qrCode = style({
  display: 'block',
  width: `calc(${vars.size.touchTarget} * 5)`,
  aspectRatio: '1 / 1',
  margin: `${vars.space.md} auto`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
