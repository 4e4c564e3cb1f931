import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The app's buttons: large bold text (so 3:1 contrast on the theme colour is enough) and a full touch target. */
const base = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.xl}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  cursor: 'pointer',
});

export const primaryButton = style([
  base,
  { border: 'none', background: vars.color.primary, color: vars.color.primaryText },
]);

export const secondaryButton = style([
  base,
  { border: `1px solid ${vars.color.border}`, background: vars.color.surface, color: vars.color.text },
]);
