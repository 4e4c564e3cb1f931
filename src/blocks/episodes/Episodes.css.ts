import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const count = style({
  marginLeft: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 400,
  color: vars.color.textMuted,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const item = style({
  display: 'flex',
  width: '100%',
  minHeight: vars.size.touchTarget,
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: 'left',
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  ':disabled': { cursor: 'default', color: vars.color.textMuted },
  selectors: {
    '&[aria-current="true"]': { borderColor: vars.color.primary, color: vars.color.primary, fontWeight: 700 },
  },
});

export const meta = style({
  flexShrink: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontWeight: 400,
});
