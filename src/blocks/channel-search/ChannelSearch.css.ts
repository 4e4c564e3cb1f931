import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const form = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end' });

export const grow = style({ flex: 1, minWidth: 0 });

export const recent = style({ marginTop: vars.space.md });

export const recentHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: `${vars.space.sm} 0 0`,
  padding: 0,
});

export const chip = style({
  minHeight: 36,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const textButton = style({
  minHeight: 36,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const summary = style({
  margin: `${vars.space.md} 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
