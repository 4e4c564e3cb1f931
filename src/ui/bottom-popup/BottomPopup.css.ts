import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

const slideUp = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } });

export const sheet = style({
  margin: 'auto auto 0',
  width: '100%',
  maxWidth: vars.size.contentMaxWidth,
  maxHeight: '85vh',
  padding: 0,
  border: 'none',
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.popup,
  paddingBottom: 'env(safe-area-inset-bottom)',
  animation: `${slideUp} 200ms ease-out`,
  selectors: { '&::backdrop': { background: `color-mix(in srgb, ${vars.color.overlay} 50%, transparent)` } },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const close = style({
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xl,
  cursor: 'pointer',
});

export const body = style({ padding: vars.space.lg, overflowY: 'auto' });

/** What a pop-up shows, as a column of parts (a figure, a field, the action). */
export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
});
