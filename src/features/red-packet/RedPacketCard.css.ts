import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const card = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.primaryText,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&[data-done="true"]': { opacity: 0.75 } },
});

export const cardSeal = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.text,
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
});

export const cardText = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 });
export const cardTitle = style({ fontSize: vars.fontSize.md, fontWeight: 700, overflowWrap: 'anywhere' });
export const cardMeta = style({ fontSize: vars.fontSize.sm });

export const total = style({ margin: 0, fontSize: vars.fontSize.xxl, fontWeight: 700, textAlign: 'center' });

export const result = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  textAlign: 'center',
});

export const grabs = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  textAlign: 'left',
  borderTop: `1px solid ${vars.color.border}`,
});

export const grab = style({
  display: 'flex',
  justifyContent: 'space-between',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.md,
});
