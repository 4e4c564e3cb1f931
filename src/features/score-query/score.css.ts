import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const title = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});
export const meta = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const failure = style({ margin: `${vars.space.md} 0 0`, fontWeight: 600, color: vars.color.danger });
export const card = style({
  marginTop: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
});
export const cardTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg });
export const big = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  color: vars.color.primary,
});
export const items = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.md} 0 0`,
});
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, fontWeight: 600 });
export const section = style({ marginTop: vars.space.xl });
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});
export const cell = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
});
export const numeric = style([cell, { textAlign: 'end' }]);
export const itemRow = style({ display: 'contents' });
