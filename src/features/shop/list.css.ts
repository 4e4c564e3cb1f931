/** The shop's lists of framed items (addresses, orders, address choices, downloads) and a label beside its value. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export { stack as list } from '../../ui/card/card.css';

export const listItem = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

/** A label and its value or action on one line (quantity, total, a download), wrapping on narrow screens. */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
