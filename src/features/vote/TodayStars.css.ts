import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const sectionTitle = style({
  margin: `${vars.space.md} ${vars.space.md} 0`,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
});
