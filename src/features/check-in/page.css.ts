/** The check-in page's sections alike: their titles, the lists of activities and attendees, secondary lines and the checked-in mark. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const title = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});

export { stack as list } from '../../ui/card/card.css';

export const meta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const done = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  color: vars.color.success,
  whiteSpace: 'nowrap',
});
