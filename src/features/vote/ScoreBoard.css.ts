import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { rankRow } from './RankRow.css';

/** A rank row that is a button (it opens the player's score sheet). */
export const scoreRow = style([
  rankRow,
  {
    width: '100%',
    border: 'none',
    borderBottom: `1px solid ${vars.color.border}`,
    textAlign: 'left',
    font: 'inherit',
    cursor: 'pointer',
  },
]);

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
});
