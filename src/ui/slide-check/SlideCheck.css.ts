import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const wrap = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const label = style({ fontSize: vars.fontSize.md, fontWeight: 600, color: vars.color.text });

export const track = style({
  position: 'relative',
  height: vars.size.touchTarget,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
  touchAction: 'none',
  userSelect: 'none',
});

export const fill = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  background: vars.color.primary,
  opacity: 0.35,
});

export const text = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  paddingInline: vars.size.touchTarget,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  pointerEvents: 'none',
});

export const handle = style({
  position: 'absolute',
  top: 0,
  width: vars.size.touchTarget,
  height: '100%',
  borderRadius: vars.radius.pill,
  border: 'none',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  cursor: 'grab',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const status = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const statusFailed = style({ fontSize: vars.fontSize.sm, color: vars.color.danger, fontWeight: 600 });
export const statusPassed = style({ fontSize: vars.fontSize.sm, color: vars.color.success, fontWeight: 600 });
