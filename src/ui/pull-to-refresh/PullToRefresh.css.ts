import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { visuallyHidden } from '../visually-hidden.css';

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

export const hiddenButton = style([
  visuallyHidden,
  {
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
  },
]);
