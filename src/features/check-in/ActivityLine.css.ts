/** One line of a check-in list: an activity here, and an attendee in the staff search, with the action on the right. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const item = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const itemTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  color: vars.color.text,
});
