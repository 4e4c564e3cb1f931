import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const bar = style({
  background: vars.color.headerBackground,
  color: vars.color.headerText,
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const top = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.headerText}`,
  color: vars.color.headerText,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const others = style({
  display: 'flex',
  gap: vars.space.sm,
  overflowX: 'auto',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const other = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 36,
  maxWidth: 220,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.headerText,
  color: vars.color.headerBackground,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
});
