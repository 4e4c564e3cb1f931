import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const thumbs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const thumb = style({ position: 'relative' });

export const thumbImage = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});

export const progress = style({ width: '100%', accentColor: vars.color.primary });

/** The label around a hidden file input, drawn as the form kit's button; the input inside takes the focus. */
export const chooseButton = style({
  alignSelf: 'flex-start',
  position: 'relative',
  selectors: {
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
