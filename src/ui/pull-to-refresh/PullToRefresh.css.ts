import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const root = style({ position: 'relative', overscrollBehaviorY: 'contain' });

export const indicator = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const hint = style({ padding: vars.space.sm });

export const hiddenButton = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  selectors: {
    '&:focus-visible': {
      position: 'static',
      width: 'auto',
      height: 'auto',
      clip: 'auto',
      margin: vars.space.sm,
      padding: `${vars.space.xs} ${vars.space.md}`,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.pill,
      background: vars.color.surface,
    },
  },
});
