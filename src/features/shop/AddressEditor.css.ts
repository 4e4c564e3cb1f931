import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** Province, city and district side by side. */
export const regionRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
});
