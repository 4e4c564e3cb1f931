import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

export const thumb = style({
  flexShrink: 0,
  width: 72,
  height: 72,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const body = style({ flex: 1, minWidth: 0 });

export const name = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700 });

export const intro = style({
  margin: `${vars.space.xxs} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
