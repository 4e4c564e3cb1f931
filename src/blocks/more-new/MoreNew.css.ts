import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const more = style({
  display: 'block',
  width: '100%',
  minHeight: vars.size.touchTarget,
  marginTop: vars.space.md,
  border: 'none',
  background: 'transparent',
  color: vars.color.accent,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  cursor: 'pointer',
  ':disabled': { color: vars.color.textMuted, cursor: 'default' },
});
