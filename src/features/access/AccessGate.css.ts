import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const frame = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  overflow: 'hidden',
  background: vars.color.overlay,
});

export const cover = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

export const panel = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: `color-mix(in srgb, ${vars.color.overlay} 60%, transparent)`,
  color: vars.color.overlayText,
  textAlign: 'center',
});

export const text = style({ margin: 0, fontSize: vars.fontSize.md });

/** The member's note under the gate's reason: the payment is waived, this gate is not. */
export const note = style({ margin: 0, fontSize: vars.fontSize.sm });
