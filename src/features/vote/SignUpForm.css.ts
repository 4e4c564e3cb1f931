import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { note } from '../../ui/card/card.css';

export const statusBanner = style({
  margin: `${vars.space.sm} ${vars.space.md}`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  textAlign: 'center',
});

/** The registration fee, above the first field. */
export const fee = style([note, { marginBottom: vars.space.md }]);
