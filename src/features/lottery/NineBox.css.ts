import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { hub, wheelSize } from './Wheel.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  width: wheelSize,
  margin: 0,
  padding: vars.space.sm,
  listStyle: 'none',
  borderRadius: vars.radius.lg,
  background: vars.color.primary,
});

export const cell = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xxs,
  aspectRatio: '1',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textAlign: 'center',
  border: `${vars.space.xxs} solid transparent`,
});
export const cellLit = style({ borderColor: vars.color.confirm, background: vars.color.surfaceAlt });
export const cellImage = style({
  width: '55%',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
});
/** The draw button in the grid's middle cell: the wheel's hub, square. */
export const gridButton = style([
  hub,
  { position: 'static', transform: 'none', width: '100%', height: '100%', borderRadius: vars.radius.md },
]);
