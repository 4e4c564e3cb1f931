/** The development notice: set apart from the form by a dashed frame, so nobody takes it for part of the product. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const notice = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.sm,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  // A long e-mail address wraps instead of widening the form.
  overflowWrap: 'anywhere',
});

export const label = style({ display: 'block', fontWeight: 600, color: vars.color.textMuted });

export const code = style({
  fontFamily: 'monospace',
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
  letterSpacing: vars.space.xxs,
});
