import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The windowed grid: as tall as all its rows, each row placed by its offset. */
export const grid = style({ position: 'relative', width: '100%', contain: 'layout' });

export const gridRow = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.md,
  paddingBottom: vars.space.md,
});

/** Under the grid: loading, the end of the list, or the load-more and retry buttons. */
export const listStatus = style({
  margin: `${vars.space.sm} 0 0`,
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  minHeight: vars.size.touchTarget,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const ghostButton = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
});
