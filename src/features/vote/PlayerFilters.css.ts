import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  margin: `${vars.space.sm} ${vars.space.md}`,
});

export const searchForm = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  flex: '1 1 100%',
});

/** Team and group side by side. */
export const filter = style({ flex: '1 1 40%', minWidth: 0 });
