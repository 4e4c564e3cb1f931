import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** Two player cards a row. */
export const gridRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
  padding: `0 ${vars.space.md} ${vars.space.sm}`,
  boxSizing: 'border-box',
});
