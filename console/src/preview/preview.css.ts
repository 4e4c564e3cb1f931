/** The phone preview: the room framed at a phone's size (375 x 667 CSS pixels, the iPhone SE's) in a device outline. */
import { style } from '@vanilla-extract/css';
import { vars } from '../app/theme.css.ts';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const phone = style({
  width: '375px',
  height: '667px',
  border: `8px solid ${vars.color.text}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  display: 'block',
});

/** The event form with the phone preview beside it. */
export const withPreview = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space.xl,
  alignItems: 'start',
});
