import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const addressLine = style({
  display: 'block',
  margin: `${vars.space.xxs} 0 0`,
  color: vars.color.text,
  wordBreak: 'break-word',
});
