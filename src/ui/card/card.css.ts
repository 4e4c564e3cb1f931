import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The card every content block sits in, so blocks line up whatever order config gives them. */
export const card = style({
  margin: `${vars.space.sm} ${vars.space.md}`,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.card,
});

export const heading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
});
