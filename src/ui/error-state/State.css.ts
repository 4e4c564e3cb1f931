import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  textAlign: 'center',
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text });

export const message = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.textMuted });
