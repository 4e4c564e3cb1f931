import { style } from '@vanilla-extract/css';
import { vars } from '../../themes';

export const frame = style({
  flex: 1,
  width: '100%',
  minHeight: 0,
  border: 'none',
  background: vars.color.surface,
});
