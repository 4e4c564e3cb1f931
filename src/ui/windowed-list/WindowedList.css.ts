import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const windowed = style({ position: 'relative', contain: 'strict', width: '100%' });

export const windowedRow = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  boxSizing: 'border-box',
});

export const listStatus = style({
  padding: vars.space.lg,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
